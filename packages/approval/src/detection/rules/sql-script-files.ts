// A database client running a script file the check cannot read, whose name says what it does
// (`mysql -u root < drop_all_tables.sql`, `psql -f wipe.sql`, `cat truncate.sql | psql`,
// `mongosh prod drop_collections.js`, `sqlite3 app.db ".read reset.sql"`). Schema and seed
// scripts (`schema.sql`, `001_init.sql`) stay allowed; a script named for dropping, truncating,
// wiping or rolling back is held like the statement it is named for.
import {
  commandBaseName,
  isSimple,
  type ResolvedCommand,
  type Script,
  type Stage,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { EXEC_RULES } from "./exec-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

// Name parts that say a script destroys data.
const DESTRUCTIVE_PARTS: ReadonlySet<string> = new Set([
  "drop",
  "drops",
  "truncate",
  "wipe",
  "purge",
  "reset",
  "teardown",
  "destroy",
  "nuke",
  "delete",
  "cleanup",
  "clean",
  "rollback",
  "down",
  "downgrade",
  "erase",
  "clear",
  "flush",
  "flushall",
  "dropall",
  "droptables",
  "undo",
  "revert",
  "remove",
]);

const SCRIPT_FILE = /\.(?:sql|psql|mysql|cql|js|mjs|ddl|dump)$/i;

// Clients and the option that names a script file they run.
const FILE_OPTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["psql", new Set(["-f", "--file"])],
  ["pgcli", new Set(["-f", "--file"])],
  ["usql", new Set(["-f", "--file"])],
  ["cockroach", new Set(["-f", "--file"])],
  ["duckdb", new Set(["-f", "-init"])],
  ["sqlcmd", new Set(["-i"])],
  ["clickhouse-client", new Set(["--queries-file"])],
  ["snowsql", new Set(["-f", "--filename"])],
  ["cqlsh", new Set(["-f", "--file"])],
  ["mongosh", new Set(["--file", "-f"])],
  ["mongo", new Set(["--file", "-f"])],
  ["mysql", new Set()],
  ["mariadb", new Set()],
  ["sqlite3", new Set(["-init"])],
  ["beeline", new Set(["-f"])],
  ["trino", new Set(["-f", "--file"])],
]);

/** True when a script's file name says it drops, truncates, wipes or rolls back data. */
export function destructiveScriptName(file: string): boolean {
  const path = file.replace(/\.(?:gz|bz2|xz|zst|lz4)$/i, "");
  if (!SCRIPT_FILE.test(path)) return false;
  const base = path.slice(path.lastIndexOf("/") + 1).replace(SCRIPT_FILE, "");
  const parts = base
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/);
  return parts.some((part) => DESTRUCTIVE_PARTS.has(part));
}

/** Script files the client is told to run: `-f FILE`, `--file=FILE`, `.read FILE`, operands. */
function scriptFiles(cmd: ResolvedCommand, options: ReadonlySet<string>): string[] {
  const files: string[] = [];
  const args: readonly Word[] = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    const eq = text.indexOf("=");
    if (options.has(text)) files.push(args[i + 1]?.text ?? "");
    else if (eq > 0 && options.has(text.slice(0, eq))) files.push(text.slice(eq + 1));
    else if (/^-f\S/.test(text) && options.has("-f")) files.push(text.slice(2));
    else if (/^[.\\](?:read|source|i|ir)\s+\S/.test(text)) files.push(text.split(/\s+/)[1] ?? "");
    else if (/^source\s+\S/i.test(text)) files.push(text.split(/\s+/)[1] ?? "");
    // mongosh and sqlite3 run script operands (`mongosh db file.js`).
    else if (!text.startsWith("-") && /^mongo/.test(cmd.name)) files.push(text);
  }
  for (const redirect of cmd.source.redirects) {
    if (redirect.op === "<" && redirect.target !== null) files.push(redirect.target.text);
  }
  const upstream = cmd.source.upstream[cmd.source.upstream.length - 1];
  if (upstream !== undefined && isSimple(upstream)) {
    const name = commandBaseName(upstream.words[0]?.text ?? "");
    if (/^(?:cat|zcat|gunzip|bzcat|xzcat|zstdcat|tac)$/.test(name))
      files.push(...upstream.words.slice(1).map((word) => word.text));
  }
  return files;
}

// Programs whose output is something downloaded.
const DOWNLOADERS = /^(?:curl|wget|fetch|aria2c|http|https|xh|lwp-request|gh)$/;

function downloads(stage: Stage): boolean {
  if (!isSimple(stage)) return stage.commands.some(downloads);
  return DOWNLOADERS.test(commandBaseName(stage.words[0]?.text ?? ""));
}

/** `mysql db < <(curl URL)`, `curl URL | psql`: SQL fetched from elsewhere and run unread. */
function downloadedScript(cmd: ResolvedCommand): boolean {
  if (cmd.source.upstream.some(downloads)) return true;
  const inputs = [
    ...cmd.args,
    ...cmd.source.redirects.flatMap((r) => (r.op === "<" && r.target !== null ? [r.target] : [])),
  ];
  return inputs.some(
    (word) =>
      word.processSubstitution &&
      word.substitutions.some((script: Script) => script.commands.some(downloads)),
  );
}

/** Database clients running a script file named for dropping or wiping data, or downloaded. */
export const sqlScriptFileRule: CommandRule = (cmd) => {
  const options = FILE_OPTIONS.get(cmd.name);
  if (options === undefined) return null;
  if (downloadedScript(cmd)) return matchOf(EXEC_RULES.remotePipe);
  return scriptFiles(cmd, options).some(destructiveScriptName)
    ? matchOf(OPS_CLI_RULES.sqlScript)
    : null;
};
