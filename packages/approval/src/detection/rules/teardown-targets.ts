// Build and task runners asked for a target or script whose name says it tears down
// infrastructure or drops data (`make destroy`, `make -C infra tf-destroy ARGS=-auto-approve`,
// `just nuke`, `task db:drop`, `npm run teardown`, `yarn db:reset`). What the recipe runs is
// not visible here; a recipe named for destroying is held like the command it is named for.
// Everyday targets (`clean`, `down`, `test`, `install`) stay allowed, and so do dry runs.
import {
  hasOption,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { MAKE_OPTIONS } from "./make-rules.js";

type Match = DangerousCommandMatch | null;

// A name part that alone says the target destroys something.
const TEARDOWN_PARTS: ReadonlySet<string> = new Set([
  "destroy",
  "teardown",
  "nuke",
  "obliterate",
  "undeploy",
  "decommission",
  "wipe",
  "purge",
]);
// Parts that destroy data when the name is about a database (`db-reset`, `drop-database`).
const DATA_VERBS: ReadonlySet<string> = new Set(["drop", "reset", "truncate", "flush", "wipe"]);
const DATA_NOUNS: ReadonlySet<string> = new Set([
  "db",
  "database",
  "databases",
  "schema",
  "tables",
  "data",
  "redis",
  "dropdb",
]);

/** True when a target or script name says it tears something down or drops data. */
export function teardownName(name: string): boolean {
  const parts = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((part) => part !== "");
  if (parts.some((part) => TEARDOWN_PARTS.has(part))) return true;
  if (parts.includes("tear") && parts.includes("down")) return true;
  if (parts.includes("dropdb") || parts.includes("dropall")) return true;
  return parts.some((part) => DATA_VERBS.has(part)) && parts.some((part) => DATA_NOUNS.has(part));
}

const JUST: OptionTable = {
  shortWithValue: "fd",
  longWithValue: ["justfile", "working-directory", "dotenv-path", "dotenv-filename", "shell"],
  long: ["dry-run", "yes", "quiet", "verbose", "list", "summary", "show", "evaluate"],
};
const TASK: OptionTable = {
  shortWithValue: "dtoCI",
  longWithValue: ["dir", "taskfile", "output", "concurrency", "interval"],
  long: ["dry", "force", "silent", "verbose", "list", "list-all", "summary", "status", "yes"],
};
const PACKAGE_RUN: OptionTable = {
  shortWithValue: "wC",
  longWithValue: ["workspace", "prefix", "filter", "dir", "cwd", "script-shell"],
  long: ["if-present", "silent", "recursive", "dry-run"],
};

const PREVIEW = ["n", "dry-run", "just-print", "recon", "q", "question", "dry", "list", "summary"];

function targets(cmd: ResolvedCommand, table: OptionTable): readonly string[] | null {
  const read = readOptions(cmd.args, table);
  if (hasOption(read, ...PREVIEW)) return null;
  // `make destroy ENV=prod`: assignments are not targets.
  return read.operands.map((word) => word.text).filter((text) => !/^\w+=/.test(text));
}

// Package managers run a script with `run`/`run-script`; yarn, pnpm and bun also take the
// script name alone (`yarn db:reset`), except for their own subcommands.
const OWN_SUBCOMMANDS =
  /^(?:install|add|remove|uninstall|upgrade|update|ci|test|build|init|create|link|unlink|publish|pack|audit|outdated|why|info|list|ls|config|cache|exec|dlx|x|run|run-script|start|stop|restart|version|workspace|workspaces|help)$/;

function scriptName(cmd: ResolvedCommand): string | null {
  const ops = targets(cmd, PACKAGE_RUN);
  if (ops === null) return null;
  const [first = "", second = ""] = ops;
  if (first === "run" || first === "run-script" || first === "rum" || first === "urn")
    return second;
  return cmd.name !== "npm" && !OWN_SUBCOMMANDS.test(first) ? first : null;
}

/** Task runners asked for a target named for tearing down infrastructure or dropping data. */
export const teardownTargetRule: CommandRule = (cmd): Match => {
  let names: readonly string[] | null;
  switch (cmd.name) {
    case "make":
    case "gmake":
    case "bmake":
      names = targets(cmd, MAKE_OPTIONS);
      break;
    case "just":
      names = targets(cmd, JUST);
      break;
    case "task":
    case "go-task":
    case "mage":
    case "invoke":
    case "inv":
      names = targets(cmd, TASK);
      break;
    case "npm":
    case "pnpm":
    case "yarn":
    case "bun": {
      const name = scriptName(cmd);
      names = name === null ? null : [name];
      break;
    }
    default:
      return null;
  }
  return names?.some(teardownName) ? matchOf(OPS_CLI_RULES.teardownTarget) : null;
};
