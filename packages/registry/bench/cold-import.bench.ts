// Cold import of the built package in fresh processes. Run from the repo root: `pnpm bench registry`.
import { fileURLToPath } from "node:url";
import { reportColdImport } from "@hermes-agent/bench";

reportColdImport({
  suite: "registry cold import",
  project: "@hermes-agent/registry",
  entry: fileURLToPath(new URL("../dist/index.js", import.meta.url)),
  budgetMs: 40,
});
