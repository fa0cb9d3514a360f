// Whole datasets sent off the machine over a raw channel: a database dump, an infrastructure
// state file or a store snapshot piped (directly, or through gzip/base64/openssl) into a network
// sender (`pg_dump db | curl -T - https://...`, `terraform state pull | nc HOST PORT`), a dump
// file uploaded by one (`curl -F f=@prod.sql ...`, `nc HOST PORT < state.tfstate`), and any
// upload to a public file-drop or paste service. A dump piped into another database client or
// copied with the storage CLIs (`aws s3 cp - s3://...`) is an ordinary migration or backup.
import {
  commandBaseName,
  isSimple,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Stage,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

// Programs whose output is a whole database or store.
const DUMPERS: ReadonlySet<string> = new Set([
  "pg_dump",
  "pg_dumpall",
  "pg_basebackup",
  "mysqldump",
  "mysqlpump",
  "mariadb-dump",
  "mariadb-backup",
  "mariabackup",
  "xtrabackup",
  "mydumper",
  "mongodump",
  "mongoexport",
  "influxd",
  "clickhouse-backup",
  "pgbackrest",
  "expdp",
  "ldapsearch",
  "slapcat",
]);

// `tool subcommand ...` forms that print a whole state file, snapshot or dump.
const DUMP_SUBCOMMANDS: ReadonlyMap<string, RegExp> = new Map([
  ["terraform", /^(?:state pull|show\b.*-json)\b/],
  ["tofu", /^(?:state pull|show\b.*-json)\b/],
  ["terragrunt", /^(?:state pull|show\b.*-json)\b/],
  // A container's file written to stdout (`docker cp api:/run/secrets/db -`).
  ["docker", /^(?:container )?cp \S+:\S+ -$/],
  ["podman", /^(?:container )?cp \S+:\S+ -$/],
  ["pulumi", /^stack export\b/],
  ["cockroach", /^dump\b/],
  ["etcdctl", /^(?:snapshot save|get\b.*--prefix)/],
  ["consul", /^(?:snapshot save|kv export)\b/],
  ["vault", /^operator raft snapshot save\b/],
  ["sqlite3", /\.(?:dump|backup)\b/],
  ["duckdb", /\.dump\b|\bEXPORT DATABASE\b/i],
  ["redis-cli", /--rdb\b/],
  ["valkey-cli", /--rdb\b/],
  // A release's values and rendered manifests (with the secrets given to the chart).
  ["helm", /^get (?:values|manifest|all)\b/],
  // Every item of a password manager with its fields.
  ["bw", /^list items\b/],
  ["kubectl", /^get (?:secrets?|configmaps?|all)\b.*(?:-A|--all-namespaces)\b/],
]);

// Programs that send their stdin (or a named file) to another host.
const RAW_SENDERS = /^(?:nc|ncat|netcat|socat|telnet|openssl|mail|mailx|sendmail|mutt)$/;
const HTTP_SENDERS = /^(?:curl|curlie|wget|http|https|xh)$/;

// Public file-drop and paste services: anything uploaded there is readable by anyone with the URL.
const DROP_HOSTS =
  /(?:^|[/@.])(?:transfer\.sh|0x0\.st|file\.io|termbin\.com|paste\.rs|ix\.io|sprunge\.us|pastebin\.com|hastebin\.com|paste\.ee|dpaste\.(?:com|org)|bashupload\.com|oshi\.at|temp\.sh|tmpfiles\.org|filebin\.net|gofile\.io|catbox\.moe|litterbox\.catbox\.moe|webhook\.site|requestbin\.(?:com|net)|pipedream\.net|anonfiles\.com|ufile\.io|keep\.sh|free\.keep\.sh)(?:[:/]|$)/i;

// File names of dumps and state files.
const DUMP_FILE =
  /\.(?:sql|dump|pgdump|bak|rdb|bson|tfstate|tfstate\.backup|archive|sqlite3?|db)(?:\.(?:gz|bz2|xz|zst|zip|enc|gpg))?$/i;

const CURL: OptionTable = {
  shortWithValue: "dFTXHouUAeEbcKrwmxyYzC",
  longWithValue: [
    "data",
    "data-binary",
    "data-raw",
    "data-urlencode",
    "data-ascii",
    "json",
    "form",
    "form-string",
    "upload-file",
    "request",
    "header",
    "output",
    "user",
    "user-agent",
    "referer",
    "cookie",
    "cookie-jar",
    "config",
    "proxy",
    "max-time",
    "connect-timeout",
    "retry",
    "cert",
    "key",
    "cacert",
    "resolve",
    "write-out",
  ],
};

/** True when a pipeline stage prints a whole database, state file or snapshot. */
function stageDumps(stage: Stage): boolean {
  if (!isSimple(stage)) return stage.commands.some(stageDumps);
  // The dumper may run inside a wrapper: `kubectl exec db -- pg_dump`, `ssh db mysqldump`.
  for (let i = 0; i < stage.words.length; i++) {
    const name = commandBaseName(stage.words[i]?.text ?? "");
    if (DUMPERS.has(name)) return true;
    const sub = DUMP_SUBCOMMANDS.get(name);
    if (sub === undefined) continue;
    const rest = stage.words
      .slice(i + 1)
      .map((word) => word.text)
      .filter(
        (text, j, all) => !/^-(?:chdir|C)\b/.test(text) && !/^-chdir$/.test(all[j - 1] ?? ""),
      );
    if (sub.test(rest.join(" "))) return true;
  }
  return false;
}

/** What a curl-like sender uploads: `-` for stdin, file names for `@file` / `-T file`. */
function uploads(cmd: ResolvedCommand): string[] | null {
  if (cmd.name === "http" || cmd.name === "https" || cmd.name === "xh") {
    const ignores = cmd.args.some((word) => word.text === "--ignore-stdin");
    const files = cmd.args
      .map((word) => /^[\w.-]*@(.+)$/.exec(word.text)?.[1] ?? "")
      .filter((file) => file !== "");
    return ignores ? files : ["-", ...files];
  }
  if (cmd.name === "wget") {
    const files = cmd.args
      .map((word) => /^--(?:post|body)-file=(.+)$/.exec(word.text)?.[1] ?? "")
      .filter((file) => file !== "");
    return files.map((file) => (file === "/dev/stdin" ? "-" : file));
  }
  const read = readOptions(cmd.args, CURL);
  const out: string[] = [];
  for (const option of read.options) {
    const value = option.value ?? "";
    if (option.name === "T" || option.name === "upload-file") out.push(value);
    else if (/^(?:d|data|data-binary|data-ascii|data-urlencode|json)$/.test(option.name)) {
      if (value.startsWith("@")) out.push(value.slice(1));
    } else if (option.name === "F" || option.name === "form") {
      const file = /^[^=]*=[@<]([^;]+)/.exec(value)?.[1];
      if (file !== undefined) out.push(file);
    }
  }
  return out;
}

const sent = (): ReturnType<CommandRule> => matchOf(OPS_CLI_RULES.dataSent);

// Field names of secrets a filter picks out of a dump (`jq '.. | .secret'`, `grep password`).
const SECRET_FIELD =
  /(?:password|passwd|secret|token|private[_-]?key|access[_-]?key|api[_-]?key|credential|connection[_-]?string)/i;
const FILTERS = /^(?:jq|yq|gojq|grep|egrep|rg|awk|sed|python3?|node)$/;

/** Dumps and state files sent off the machine, and uploads to public drop services. */
export const dataDumpSentRule: CommandRule = (cmd) => {
  const texts = cmd.args.map((word: Word) => word.text);
  // A dump filtered down to its secrets: the values land in the transcript.
  if (
    FILTERS.test(cmd.name) &&
    texts.some((text) => SECRET_FIELD.test(text)) &&
    cmd.source.upstream.some(stageDumps)
  )
    return matchOf(OPS_CLI_RULES.secretRead);
  // openssl sends only as a TLS client; its other subcommands transform files locally.
  const raw = RAW_SENDERS.test(cmd.name) && (cmd.name !== "openssl" || texts[0] === "s_client");
  const http = HTTP_SENDERS.test(cmd.name);
  if (!raw && !http) return null;
  const files = http ? (uploads(cmd) ?? []) : ["-"];
  const redirected = cmd.source.redirects
    .filter((r) => r.op === "<" && r.target !== null)
    .map((r) => r.target?.text ?? "");
  if (
    http &&
    texts.some((text) => DROP_HOSTS.test(text)) &&
    (files.length > 0 || redirected.length > 0)
  )
    return sent();
  if (raw && texts.some((text) => DROP_HOSTS.test(text))) return sent();
  if (files.includes("-") && cmd.source.upstream.some(stageDumps)) return sent();
  if ([...files, ...redirected].some((file) => DUMP_FILE.test(file))) return sent();
  return null;
};
