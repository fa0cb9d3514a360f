// Cold import of the built package in fresh processes. Run from the repo root: `pnpm bench approval`.
import { fileURLToPath } from "node:url";
import { reportColdImport } from "@hermes-agent/bench";

reportColdImport({
  suite: "approval cold import",
  project: "@hermes-agent/approval",
  entry: fileURLToPath(new URL("../dist/index.js", import.meta.url)),
  budgetMs: 120,
});
