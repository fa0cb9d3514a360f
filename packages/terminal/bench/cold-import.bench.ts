// Cold import of the built package in fresh processes. Run from the repo root: `pnpm bench terminal`.
import { fileURLToPath } from "node:url";
import { reportColdImport } from "@hermes-agent/bench";

reportColdImport({
  suite: "terminal cold import",
  project: "@hermes-agent/terminal",
  entry: fileURLToPath(new URL("../dist/index.js", import.meta.url)),
  budgetMs: 150,
});
