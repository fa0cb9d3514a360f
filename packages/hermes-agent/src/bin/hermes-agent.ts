#!/usr/bin/env node
// The `hermes-agent` command.
import { runCli } from "../cli/main.js";

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`hermes-agent: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
