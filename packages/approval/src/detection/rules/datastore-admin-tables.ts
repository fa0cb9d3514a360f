// Datastore admin CLIs beside the SQL clients: graph stores (cypher-shell statements from
// arguments or stdin, neo4j-admin deletes and forced loads), Couchbase buckets, Hadoop and
// HBase data, ArangoDB shell code, Cassandra node operations, InfluxDB tokens and restores,
// mysqladmin's MariaDB name, imports that drop first, Redis cluster nodes removed, CockroachDB
// nodes decommissioned, BigQuery loads and copies over a table, SQLite `.restore` over a file.
import { hasOption, readOptions, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { judgeByTable, type CliTable, type VerbInput } from "./cli-verb-tables.js";
import { cypherMatch } from "./cypher-statements.js";
import { DATA_FAMILY_RULES } from "./data-family-catalog.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SQL_RULES, sqlMatch } from "./sql-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { stdinText } from "./tool-exec-rules.js";

type Match = DangerousCommandMatch | null;

const { datastore: wipe } = SQL_RULES;
const { restoreOver } = DATA_FAMILY_RULES;

const has =
  (...names: readonly string[]) =>
  ({ read }: VerbInput): boolean =>
    hasOption(read, ...names);

const CYPHER_SHELL = {
  shortWithValue: "aupdPfr",
  longWithValue: [
    "address",
    "uri",
    "username",
    "password",
    "database",
    "format",
    "param",
    "encryption",
    "file",
    "log",
    "access-mode",
    "sample-rows",
    "history",
    "idle-timeout",
  ],
};

/** `cypher-shell 'MATCH (n) DETACH DELETE n'`, or the same statement on stdin. */
function cypherShell(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, CYPHER_SHELL);
  const input = stdinText(cmd.source);
  const texts = [read.operands.map((word) => word.text).join(" "), input ?? ""];
  for (const text of texts) {
    const found = cypherMatch(text) ?? sqlMatch(text);
    if (found) return found;
  }
  return null;
}

// HBase shell commands that drop or empty tables, read from stdin or a here-document.
const HBASE_WIPE =
  /^\s*(?:drop|drop_all|truncate|truncate_preserve|disable_all|deleteall|drop_namespace)\b/m;

function hbase(cmd: ResolvedCommand): Match {
  if (cmd.args[0]?.text !== "shell") return null;
  const input = stdinText(cmd.source);
  return input !== null && HBASE_WIPE.test(input.replace(/;/g, "\n")) ? matchOf(wipe) : null;
}

// `hdfs dfs -rm -r /data`, `hadoop fs -rm -skipTrash x`, `-rmr`, `-expunge`, `namenode -format`.
function hadoop(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const shell = texts.findIndex((text) => /^(?:dfs|fs)$/.test(text));
  if (shell >= 0) {
    const rest = texts.slice(shell + 1);
    if (rest.some((text) => /^-(?:rmr|expunge|deleteSnapshot)$/.test(text))) return matchOf(wipe);
    if (
      rest.includes("-rm") &&
      rest.some((text) => /^-(?:r|R|skipTrash|f)$/.test(text) || /[*?]/.test(text))
    )
      return matchOf(wipe);
    return null;
  }
  return texts[0] === "namenode" && texts.some((text) => /^-format$/i.test(text))
    ? matchOf(wipe)
    : null;
}

/** `arangosh --javascript.execute-string 'db._drop("users")'`. */
function arangosh(cmd: ResolvedCommand): Match {
  const code = cmd.args
    .map((word, i) =>
      /^--javascript\.execute-string$/.test(cmd.args[i - 1]?.text ?? "")
        ? word.text
        : word.text.replace(/^--javascript\.execute-string=/, ""),
    )
    .join(" ");
  return /\b_(?:drop|truncate|dropDatabase|dropView)\s*\(|\.truncate\s*\(/.test(code)
    ? matchOf(wipe)
    : null;
}

/** `sqlite3 app.db '.restore empty.db'`: the database replaced by another file. */
function sqliteRestore(cmd: ResolvedCommand): Match {
  const input = stdinText(cmd.source) ?? "";
  return [...cmd.args.map((word) => word.text), input].some((text) =>
    /(?:^|\n)\s*\.restore\b/.test(text),
  )
    ? matchOf(restoreOver)
    : null;
}

const MYSQLADMIN_TABLE: CliTable = {
  options: {
    shortWithValue: "uphPSOcwi",
    longWithValue: ["user", "password", "host", "port", "socket", "defaults-file", "count"],
  },
  entries: [
    { verbs: /^(?:.* )?drop\b/i, rule: wipe },
    { verbs: /^(?:.* )?(?:password|old-password)\b/i, rule: SYSTEM_RULES.accounts },
    { verbs: /^(?:.* )?shutdown\b/i, rule: PROCESS_RULES.service },
  ],
};

const TABLES: ReadonlyMap<string, CliTable> = new Map([
  [
    "neo4j-admin",
    {
      options: { longWithValue: ["from", "from-path", "to-path", "database", "verbose"] },
      entries: [
        { verbs: /^(?:database|dbms)? ?(?:delete|unbind)\b/, rule: wipe },
        {
          verbs: /^(?:database )?(?:load|restore|import)\b/,
          when: ({ joined }) =>
            /--(?:force|overwrite-destination(?:=true)?)(?:\s|$)|--overwrite-destination=true/.test(
              joined,
            ),
          rule: restoreOver,
        },
        { verbs: /^(?:dbms )?set-initial-password\b/, rule: SYSTEM_RULES.accounts },
      ],
    },
  ],
  [
    "neo4j",
    { options: {}, entries: [{ verbs: /^(?:stop|restart)\b/, rule: PROCESS_RULES.service }] },
  ],
  [
    "couchbase-cli",
    {
      options: {
        shortWithValue: "cupo",
        longWithValue: ["cluster", "username", "password", "bucket", "output"],
      },
      entries: [
        { verbs: /^(?:bucket-delete|bucket-flush|reset-cipher-suites)\b/, rule: wipe },
        {
          verbs: /^(?:reset-admin-password|user-manage|admin-role-manage)\b/,
          when: ({ joined }) =>
            /--(?:set|new-password|regenerate|roles?\s+\S*admin)\b/.test(joined),
          rule: SYSTEM_RULES.accounts,
        },
        { verbs: /^(?:failover|server-remove|hard-failover)\b/, rule: OPS_CLI_RULES.stateChange },
        {
          verbs: /^rebalance\b/,
          when: ({ joined }) => /--server-remove\b/.test(joined),
          rule: OPS_CLI_RULES.stateChange,
        },
      ],
    },
  ],
  [
    "nodetool",
    {
      options: {
        shortWithValue: "hpu",
        longWithValue: ["host", "port", "username", "password", "password-file", "pw", "pwf"],
      },
      entries: [
        {
          verbs:
            /^(?:assassinate|truncatehints|stopdaemon|resetlocalschema|disablebinary|disablegossip|disablehandoff|invalidatecountercache|setstreamthroughput 0)\b/,
          rule: PROCESS_RULES.service,
        },
      ],
    },
  ],
  [
    "influx",
    {
      options: {
        shortWithValue: "otbn",
        longWithValue: ["org", "org-id", "token", "host", "bucket", "name", "description", "user"],
      },
      entries: [
        { verbs: /^(?:user password|v1 auth set-password)\b/, rule: SYSTEM_RULES.accounts },
        { verbs: /^restore\b/, when: has("full"), rule: restoreOver },
      ],
    },
  ],
  ["mysqladmin", MYSQLADMIN_TABLE],
  ["mariadb-admin", MYSQLADMIN_TABLE],
  [
    "mongoimport",
    {
      options: {
        shortWithValue: "hudcp",
        longWithValue: ["host", "uri", "username", "password", "db", "collection", "file"],
      },
      entries: [
        { verbs: /^/, when: has("drop"), rule: restoreOver },
        {
          verbs: /^/,
          when: ({ joined }) => /--mode[= ](?:upsert|merge|delete)\b/.test(joined),
          rule: restoreOver,
        },
      ],
    },
  ],
  [
    "mongofiles",
    {
      options: { shortWithValue: "hud", longWithValue: ["host", "uri", "db", "username"] },
      entries: [{ verbs: /^(?:delete|delete_id)\b/, rule: wipe }],
    },
  ],
  [
    "bq",
    {
      options: {
        longWithValue: ["project_id", "location", "dataset_id", "format", "source_format"],
      },
      entries: [
        { verbs: /^load\b/, when: has("replace"), rule: restoreOver },
        { verbs: /^cp\b/, when: has("f", "force"), rule: restoreOver },
      ],
    },
  ],
]);

/** `redis-cli --cluster del-node ...`: a node taken out of the cluster with its slots. */
function redisCluster(cmd: ResolvedCommand): Match {
  const at = cmd.args.findIndex((word) => word.text === "--cluster");
  const sub = at < 0 ? "" : (cmd.args[at + 1]?.text ?? "");
  return /^(?:del-node|forget|reset)$/.test(sub) ? matchOf(OPS_CLI_RULES.stateChange) : null;
}

/** `cockroach node decommission 3`, `cockroach debug unsafe-remove-dead-replicas`. */
function cockroach(cmd: ResolvedCommand): Match {
  const ops = cmd.args.map((word) => word.text).filter((text) => !text.startsWith("-"));
  return (ops[0] === "node" && /^(?:decommission|drain)$/.test(ops[1] ?? "")) ||
    (ops[0] === "debug" && /^unsafe-/.test(ops[1] ?? ""))
    ? matchOf(OPS_CLI_RULES.stateChange)
    : null;
}

/** Datastore admin CLIs judged by name. */
export const datastoreAdminRule: CommandRule = (cmd) => {
  switch (cmd.name) {
    case "cypher-shell":
    case "mgconsole":
      return cypherShell(cmd);
    case "hbase":
      return hbase(cmd);
    case "hdfs":
    case "hadoop":
      return hadoop(cmd);
    case "arangosh":
      return arangosh(cmd);
    case "sqlite3":
    case "duckdb":
      return sqliteRestore(cmd);
    case "redis-cli":
    case "valkey-cli":
      return redisCluster(cmd);
    case "cockroach":
      return cockroach(cmd);
    case "cbq": {
      const read = readOptions(cmd.args, {
        shortWithValue: "seupf",
        longWithValue: ["script", "engine", "user", "password", "file"],
      });
      const script = read.options.find((o) => o.name === "s" || o.name === "script")?.value ?? "";
      return sqlMatch(script);
    }
    default: {
      const table = TABLES.get(cmd.name);
      return table === undefined ? null : judgeByTable(cmd, table);
    }
  }
};
