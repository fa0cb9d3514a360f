// Cold import of the built package in fresh processes. Run from the repo root: `pnpm bench config`.
import { fileURLToPath } from "node:url";
import { reportColdImport } from "@hermes-agent/bench";

reportColdImport({
  suite: "config cold import",
  project: "@hermes-agent/config",
  entry: fileURLToPath(new URL("../dist/index.js", import.meta.url)),
  budgetMs: 80,
});
