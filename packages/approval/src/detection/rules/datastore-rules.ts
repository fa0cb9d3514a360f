// Datastore and message-broker clients read over their option tables: key-value stores
// (redis/valkey/keydb commands given as words or on stdin, etcd prefix and range deletes,
// consul and zookeeper recursive deletes, vault secret engines), column and time-series stores
// (clickhouse queries, influx deletes), restores that drop first, and broker resets.
import {
  commandBaseName,
  DYNAMIC,
  hasOption,
  isSimple,
  staticOutput,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { type DangerousCommandMatch } from "../types.js";
import { SQL_RULES, sqlMatch } from "./sql-rules.js";
import { stdinText } from "./tool-exec-rules.js";
import { dbShellCodeMatch, JS_DB_SHELLS } from "./db-shell-code.js";

type Match = DangerousCommandMatch | null;

const wipe = (): Match => matchOf(SQL_RULES.datastore);

const REDIS: OptionTable = {
  shortWithValue: "hpsanuriedxD",
  longWithValue: [
    "user",
    "pass",
    "askpass",
    "tls-cert",
    "tls-key",
    "cacert",
    "cacertdir",
    "sni",
    "pattern",
    "count",
    "quoted-pattern",
    "rdb",
    "functions-rdb",
    "pipe-timeout",
    "memkeys-samples",
    "eval",
    "cluster",
    "replica",
  ],
};

// Redis commands that destroy data, stop the server, load code or point the server at files
// or another primary (`CONFIG SET dir` + `SAVE` writes anywhere the server can).
const REDIS_DESTRUCTIVE =
  /^(?:FLUSHALL|FLUSHDB|SHUTDOWN|DEBUG|SLAVEOF|REPLICAOF|MIGRATE|SWAPDB)\b|^(?:CONFIG\s+(?:SET|RESETSTAT)|SCRIPT\s+FLUSH|FUNCTION\s+(?:FLUSH|DELETE|RESTORE)|MODULE\s+LOAD|CLUSTER\s+(?:RESET|FLUSHSLOTS|FORGET|FAILOVER)|ACL\s+(?:SETUSER|DELUSER|LOAD)|CLIENT\s+KILL)\b/i;
const REDIS_KEY_DELETE = /^(?:DEL|UNLINK|EXPIRE|PEXPIRE)\b/i;
const REDIS_EVAL_DESTRUCTIVE =
  /redis\.(?:p?call)\s*\(\s*['"](?:flushall|flushdb|del|unlink|config|shutdown)/i;

function redisLineMatch(line: string, fromInput: boolean): Match {
  const text = line.trim();
  if (REDIS_DESTRUCTIVE.test(text)) return wipe();
  // `--scan | xargs redis-cli del` or a key list from a substitution: keys not known here.
  if (REDIS_KEY_DELETE.test(text) && (fromInput || /[*?]/.test(text) || text.includes(DYNAMIC)))
    return wipe();
  if (/^EVAL(?:SHA)?\b/i.test(text) && REDIS_EVAL_DESTRUCTIVE.test(text)) return wipe();
  return null;
}

function redis(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, REDIS);
  const evalScript = read.options.find((o) => o.name === "eval");
  if (evalScript !== undefined && REDIS_EVAL_DESTRUCTIVE.test(evalScript.value ?? ""))
    return wipe();
  const command = read.operands.map((word) => word.text).join(" ");
  if (command !== "") return redisLineMatch(command, cmd.argsFromInput);
  const input = stdinText(cmd.source);
  if (input === null) return null;
  for (const line of input.split("\n")) {
    const found = redisLineMatch(line, false);
    if (found) return found;
  }
  return null;
}

const ETCDCTL: OptionTable = {
  longWithValue: [
    "endpoints",
    "user",
    "password",
    "cacert",
    "cert",
    "key",
    "dial-timeout",
    "command-timeout",
    "write-out",
    "discovery-srv",
  ],
  shortWithValue: "w",
  long: ["prefix", "from-key", "prev-kv", "insecure-skip-tls-verify"],
};

function etcdctl(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, ETCDCTL);
  const ops = read.operands.map((word) => word.text);
  const [verb = "", key] = ops;
  if (verb === "del" || verb === "rm" || verb === "rmdir") {
    // A prefix or range delete, a range end (`del a z`), or the v2 recursive forms.
    if (hasOption(read, "prefix", "from-key", "recursive", "r") || ops.length > 2) return wipe();
    return key === undefined || key === "" || key === "/" ? wipe() : null;
  }
  if (verb === "member" && ops[1] === "remove") return wipe();
  if (verb === "auth" && ops[1] === "disable") return wipe();
  if (verb === "snapshot" && ops[1] === "restore") return wipe();
  return null;
}

/** `clickhouse client --query`, `clickhouse-client -q`, `clickhouse local -q`: SQL judged. */
function clickhouse(cmd: ResolvedCommand): Match {
  let args: readonly Word[] = cmd.args;
  if (cmd.name === "clickhouse") {
    if (!/^(?:client|local)$/.test(args[0]?.text ?? "")) return null;
    args = args.slice(1);
  }
  const read = readOptions(args, {
    shortWithValue: "qhudp",
    longWithValue: [
      "query",
      "host",
      "user",
      "database",
      "password",
      "port",
      "format",
      "queries-file",
    ],
  });
  const queries = read.options.filter((o) => o.name === "q" || o.name === "query");
  const input = stdinText(cmd.source);
  for (const text of [...queries.map((o) => o.value ?? ""), ...(input === null ? [] : [input])]) {
    const found = sqlMatch(text);
    if (found) return found;
  }
  return null;
}

function influx(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, {
    shortWithValue: "bontp",
    longWithValue: ["bucket", "org", "name", "token", "host", "predicate", "start", "stop", "id"],
  });
  const ops = read.operands.map((word) => word.text);
  if (ops[0] === "delete") return wipe();
  return /^(?:bucket|org|user|auth|stack|task|secret)$/.test(ops[0] ?? "") && ops[1] === "delete"
    ? wipe()
    : null;
}

// Admin CLIs whose destructive verbs are plain words; global options may come first, so the
// verb is searched in the words joined with spaces.
const ADMIN_VERBS: ReadonlyMap<string, RegExp> = new Map([
  [
    "consul",
    /(?:^| )kv delete (?:.* )?-(?:recurse|prefix)\b|(?:^| )(?:snapshot restore|leave|operator raft remove-peer)\b/,
  ],
  [
    "vault",
    /(?:^| )(?:secrets disable|auth disable|kv (?:delete|destroy|metadata delete)|delete|operator (?:seal|raft remove-peer|step-down)|audit disable|policy delete|lease revoke .*-prefix)\b/,
  ],
  ["zkcli", /(?:^| )(?:deleteall|rmr)\b/],
  ["zkcli.sh", /(?:^| )(?:deleteall|rmr)\b/],
  ["zookeeper-shell", /(?:^| )(?:deleteall|rmr)\b/],
  ["zookeeper-shell.sh", /(?:^| )(?:deleteall|rmr)\b/],
  [
    "rabbitmqctl",
    /(?:^| )(?:reset|force_reset|delete_queue|purge_queue|delete_vhost|delete_user|stop_app|stop|forget_cluster_node)\b/,
  ],
  ["rabbitmqadmin", /(?:^| )(?:delete|purge) /],
  ["nats", /(?:^| )(?:stream (?:rm|purge|del(?:ete)?)|kv (?:rm|del|purge)|object (?:rm|del))\b/],
  ["mongorestore", /(?:^| )--drop\b/],
  ["pg_restore", /(?:^| )(?:--clean|-[a-zA-Z]*c[a-zA-Z]*)(?: |$)/],
  ["cockroach", /(?:^| )node decommission\b/],
  ["ceph", /(?:^| )(?:osd (?:pool (?:delete|rm)|purge|destroy|rm)|fs (?:rm|fail)|mon remove)\b/],
  ["rbd", /(?:^| )(?:rm|remove|snap (?:purge|rm))\b/],
  ["gluster", /(?:^| )volume (?:delete|stop)\b/],
  ["nodetool", /(?:^| )(?:decommission|removenode|clearsnapshot|drain)\b/],
]);

function adminVerbs(cmd: ResolvedCommand): Match {
  const pattern = ADMIN_VERBS.get(cmd.name);
  if (pattern === undefined) return null;
  return pattern.test(cmd.args.map((word) => word.text).join(" ")) ? wipe() : null;
}

/** `kafka-topics --delete`, `kafka-consumer-groups --delete` / `--reset-offsets --execute`. */
function kafka(cmd: ResolvedCommand): Match {
  const names = cmd.args.map((word) => word.text);
  if (/^kafka-(?:topics|consumer-groups|acls|configs)(?:\.sh)?$/.test(cmd.name)) {
    if (names.includes("--delete")) return wipe();
    if (names.includes("--reset-offsets") && names.includes("--execute")) return wipe();
  }
  if (/^kafka-delete-records(?:\.sh)?$/.test(cmd.name)) return wipe();
  return null;
}

const SQL_CLIENTS =
  /^(?:psql|mysql|mariadb|sqlite3|duckdb|clickhouse-client|cqlsh|cockroach|usql|pgcli|mycli|sqlcmd|snowsql|trino|beeline)$/;
const DESTRUCTIVE_SQL =
  /\b(?:DROP\s+(?:TABLE|DATABASE|SCHEMA|INDEX|VIEW|USER|ROLE)|TRUNCATE|DELETE\s+FROM)\b/i;

/**
 * SQL a client reads from a process substitution (`psql -f <(echo 'DROP ...')`, `mysql <
 * <(...)`) is judged as its text; SQL produced at run time by another client's query and piped
 * in (`mysql -N -e "SELECT CONCAT('DROP TABLE ', ...)" | mysql`) is judged by what it builds.
 */
function sqlInputs(cmd: ResolvedCommand): Match {
  const words = [
    ...cmd.args,
    ...cmd.source.redirects.flatMap((r) => (r.op === "<" && r.target !== null ? [r.target] : [])),
  ];
  for (const word of words) {
    if (!word.processSubstitution) continue;
    for (const script of word.substitutions) {
      const text = staticOutput(script);
      const found = text === null ? null : sqlMatch(text);
      if (found) return found;
    }
  }
  const upstream = cmd.source.upstream[cmd.source.upstream.length - 1];
  if (
    upstream !== undefined &&
    isSimple(upstream) &&
    SQL_CLIENTS.test(commandBaseName(upstream.words[0]?.text ?? ""))
  ) {
    const query = upstream.words
      .slice(1)
      .map((word) => word.text)
      .join(" ");
    if (DESTRUCTIVE_SQL.test(query)) return matchOf(SQL_RULES.drop);
  }
  return null;
}

/** Datastore and broker rules dispatched by command name. */
export const datastoreRules: CommandRule = (cmd, ctx) => {
  if (JS_DB_SHELLS.has(cmd.name)) return dbShellCodeMatch(cmd, ctx);
  if (SQL_CLIENTS.test(cmd.name)) return sqlInputs(cmd);
  switch (cmd.name) {
    case "redis-cli":
    case "valkey-cli":
    case "keydb-cli":
    case "dragonfly-cli":
      return redis(cmd);
    case "etcdctl":
      return etcdctl(cmd);
    case "clickhouse":
    case "clickhouse-client":
    case "clickhouse-local":
      return clickhouse(cmd);
    case "influx":
      return influx(cmd);
    default:
      return cmd.name.startsWith("kafka-") ? kafka(cmd) : adminVerbs(cmd);
  }
};
