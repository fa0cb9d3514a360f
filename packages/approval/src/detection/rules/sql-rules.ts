import { type ResolvedCommand, stageOutput } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { PROCESS_RULES } from "./process-rules.js";
import { adminStatementMatch } from "./sql-admin-statements.js";
import { accountStatementKind } from "./sql-account-statements.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

/** Rules about destructive SQL and datastore commands. */
export const SQL_RULES: Readonly<
  Record<
    | "drop"
    | "truncate"
    | "deleteAll"
    | "updateAll"
    | "alterDrop"
    | "datastore"
    | "privilege"
    | "serverFiles"
    | "passwordHashes"
    | "hostCommand",
    RuleInfo
  >
> = {
  drop: rule("sql-drop", "SQL DROP of a database, schema, table or other object"),
  truncate: rule("sql-truncate", "SQL TRUNCATE"),
  deleteAll: rule("sql-delete-without-where", "SQL DELETE without WHERE"),
  updateAll: rule("sql-update-without-where", "SQL UPDATE without WHERE"),
  alterDrop: rule("sql-alter-drop", "SQL ALTER ... DROP"),
  datastore: rule("datastore-wipe", "datastore wipe (dropDatabase, FLUSHALL, dropdb)"),
  privilege: rule(
    "sql-privilege-grant",
    "database superuser or all privileges granted, or a password changed",
  ),
  serverFiles: rule(
    "sql-server-files",
    "SQL reading or writing files on the database server (INTO OUTFILE, LOAD_FILE, pg_read_file)",
  ),
  passwordHashes: rule(
    "sql-password-hashes",
    "database account password hashes read (pg_shadow, pg_authid, mysql.user)",
  ),
  hostCommand: rule(
    "sql-host-command",
    "SQL running operating-system commands on the database server, or enabling it (xp_cmdshell, COPY ... PROGRAM, untrusted languages)",
  ),
} as const;

const SQL_PIECES = /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|;/g;

function stripSql(sql: string): string {
  return sql.replace(SQL_PIECES, (piece) => (piece === ";" ? ";" : " "));
}

/** The statements of SQL text, split at semicolons outside literals and comments. */
function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const piece of sql.matchAll(SQL_PIECES)) {
    if (piece[0] !== ";") continue;
    out.push(sql.slice(start, piece.index));
    start = piece.index + 1;
  }
  out.push(sql.slice(start));
  return out;
}

/** Judge SQL text statement by statement. */
export function sqlMatch(sql: string): DangerousCommandMatch | null {
  for (const whole of splitStatements(sql)) {
    const raw = stripSql(whole);
    const statement = raw.trim().replace(/\s+/g, " ").toUpperCase();
    if (statement === "") continue;
    const account = accountStatementKind(whole.trim().replace(/\s+/g, " ").toUpperCase());
    if (account === "hostCommand") return matchOf(SQL_RULES.hostCommand);
    if (account === "credential") return matchOf(SQL_RULES.privilege);
    if (account === "guardOff") return matchOf(OPS_CLI_RULES.adminGuardOff);
    const body = statement.replace(/^WITH\b.*?\)\s*(?=DELETE|UPDATE)/, "");
    if (/^DROP\s/.test(body)) return matchOf(SQL_RULES.drop);
    if (/^TRUNCATE\b/.test(body)) return matchOf(SQL_RULES.truncate);
    // A WHERE that is always true (`WHERE 1=1`, `WHERE true`, `WHERE 'a'='a'`) filters nothing.
    const where = /\bWHERE\s+(.*)$/.exec(body)?.[1] ?? null;
    const filters =
      where !== null &&
      !/^(?:\(?\s*(?:TRUE|1|(\S+)\s*=\s*\1|NOT\s+FALSE|1\s*<>\s*0|\S+\s+IS\s+NOT\s+NULL\s+OR\s+\S+\s+IS\s+NULL)\s*\)?)\s*(?:OR\b.*)?$/.test(
        where,
      );
    if (/^DELETE\b/.test(body) && !filters) return matchOf(SQL_RULES.deleteAll);
    // ClickHouse mutations: `ALTER TABLE t DELETE WHERE 1=1`, `ALTER TABLE t UPDATE x=1 WHERE 1`.
    if (/^ALTER\s+TABLE\s+\S+(?:\s+ON\s+CLUSTER\s+\S+)?\s+DELETE\b/.test(body) && !filters)
      return matchOf(SQL_RULES.deleteAll);
    if (/^ALTER\s+TABLE\s+\S+(?:\s+ON\s+CLUSTER\s+\S+)?\s+UPDATE\b/.test(body) && !filters)
      return matchOf(SQL_RULES.updateAll);
    if (
      /\bINTO\s+(?:OUTFILE|DUMPFILE)\b|\bLOAD_FILE\s*\(|\bPG_(?:READ|READ_BINARY|WRITE)_FILE\s*\(|\bLO_(?:IMPORT|EXPORT)\s*\(|^LOAD\s+DATA\s+INFILE\b/.test(
        body,
      )
    )
      return matchOf(SQL_RULES.serverFiles);
    if (
      /\bFROM\s+(?:PG_CATALOG\.)?(?:PG_SHADOW|PG_AUTHID)\b|\bFROM\s+MYSQL\.USER\b.*|\bAUTHENTICATION_STRING\b.*\bFROM\s+MYSQL\.USER\b/.test(
        body,
      )
    )
      return matchOf(SQL_RULES.passwordHashes);
    if (/^UPDATE\b/.test(body) && /\bSET\b/.test(body) && !filters)
      return matchOf(SQL_RULES.updateAll);
    if (/^ALTER\s+(?:TABLE|DATABASE|SCHEMA)\b.*\bDROP\b/.test(body))
      return matchOf(SQL_RULES.alterDrop);
    if (/^(?:FLUSHALL|FLUSHDB)\b/.test(body)) return matchOf(SQL_RULES.datastore);
    // Replication logs reset or purged, or every session of the server killed.
    if (
      /^(?:RESET\s+(?:MASTER|BINARY\s+LOGS|SLAVE\s+ALL|REPLICA\s+ALL)|PURGE\s+(?:BINARY|MASTER)\s+LOGS)\b/.test(
        body,
      )
    )
      return matchOf(SQL_RULES.datastore);
    if (/\bPG_TERMINATE_BACKEND\s*\(/.test(body) && !/\bWHERE\b/.test(body))
      return matchOf(SQL_RULES.datastore);
    if (
      /^(?:ALTER|CREATE)\s+(?:USER|ROLE)\b.*\b(?:SUPERUSER|BYPASSRLS|CREATEROLE)\b/.test(body) ||
      /^GRANT\s+(?:ALL\b.*\bON\s+\*\.\*|.*\bTO\s+PUBLIC\b|SUPERUSER\b|\S+\s+TO\s+\S+\s+WITH\s+ADMIN)/.test(
        body,
      ) ||
      /^ALTER\s+USER\s+(?:POSTGRES|ROOT|'ROOT'|`ROOT`)\b/.test(body)
    )
      return matchOf(SQL_RULES.privilege);
  }
  return adminStatementMatch(sql);
}

// Framework commands that drop or wipe the application database.
const FRAMEWORK_RESET =
  /^(?:python\d*(?:\.\d+)? (?:\S*manage\.py|-m django) (?:flush|reset_db)|(?:rails|rake|bin\/rails) (?:db:drop|db:reset|db:schema:load|db:purge)|(?:prisma|npx prisma|pnpm prisma) (?:migrate reset|db push --force-reset)|php artisan (?:migrate:fresh|migrate:reset|db:wipe)|(?:sequelize|npx sequelize)(?:-cli)? db:drop|(?:knex) migrate:rollback --all|mongo\w* .*dropDatabase)/;

const FRAMEWORK_TOOLS =
  /^(?:python\d*(?:\.\d+)?|rails|rake|prisma|npx|pnpm|php|sequelize|knex|mongo\w*)$/;

const MONGO =
  /\.\s*(?:dropDatabase|drop|dropCollection|dropIndexes)\s*\(|\.\s*(?:deleteMany|remove)\s*\(\s*\{\s*\}\s*\)|\.\s*(?:updateMany)\s*\(\s*\{\s*\}/;

// Users created or granted roles that own the whole server.
const MONGO_PRIVILEGE =
  /\b(?:createUser|grantRolesToUser|updateUser)\s*\([\s\S]*\b(?:root|userAdminAnyDatabase|dbOwner|clusterAdmin|readWriteAnyDatabase|dbAdminAnyDatabase|__system)\b/;

// mysql's options that carry SQL: `--execute` (and its unique prefixes), and `--init-command`,
// which runs before anything `-e` says.
const MYSQL_STATEMENT_OPTION = /^(?:-e|--exe(?:c(?:u(?:te?)?)?)?|--init[-_]command(?:[-_]add)?)$/;

const CLIENT_FLAGS: ReadonlyMap<string, RegExp> = new Map([
  ["psql", /^(?:-c|--command)$/],
  ["mysql", MYSQL_STATEMENT_OPTION],
  ["mariadb", MYSQL_STATEMENT_OPTION],
  ["sqlcmd", /^-[Qq]$/],
  ["clickhouse-client", /^(?:-q|--query)$/],
  ["cqlsh", /^(?:-e|--execute)$/],
  ["duckdb", /^(?:-c|-s|-cmd)$/],
  ["sqlite3", /^-cmd$/],
  ["cockroach", /^(?:-e|--execute)$/],
  ["snowsql", /^(?:-q|--query)$/],
  ["trino", /^--execute$/],
  ["presto", /^--execute$/],
  ["hive", /^-e$/],
  ["beeline", /^-e$/],
  ["spark-sql", /^-e$/],
  ["vsql", /^-c$/],
  ["isql", /^-c$/],
  ["usql", /^(?:-c|--command)$/],
  ["mongosh", /^--eval$/],
  ["mongo", /^--eval$/],
  ["redis-cli", /^$/],
  ["influx", /^-execute$/],
  ["bq", /^$/],
  ["pgcli", /^$/],
  ["wrangler", /^--command$/],
  ["mycli", /^(?:-e|--execute)$/],
]);

// Flag bundles ending in the option that takes the SQL (`psql -tc SQL`, `mysql -Ne SQL`).
const BUNDLED_COMMAND: ReadonlyMap<string, RegExp> = new Map([
  ["psql", /^-[aAbeEHlnqsStxX1]+c$/],
  ["mysql", /^-[BNrstvEfnqsX]+e$/],
  ["mariadb", /^-[BNrstvEfnqsX]+e$/],
]);

function statements(cmd: ResolvedCommand): string[] {
  const texts = cmd.args.map((word) => word.text);
  const flag = CLIENT_FLAGS.get(cmd.name);
  const out: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] ?? "";
    const attached =
      /^(?:--command|--execute|--query|--eval|--init[-_]command(?:[-_]add)?)=(.*)$/s.exec(text) ??
      (/^-[ceqQ](.+)$/s.exec(text) && /^(?:psql|mysql|mariadb|sqlcmd)$/.test(cmd.name)
        ? /^-[ceqQ](.+)$/s.exec(text)
        : null);
    if (attached) out.push(attached[1] ?? "");
    else if (flag?.test(text) || BUNDLED_COMMAND.get(cmd.name)?.test(text)) {
      out.push(texts[i + 1] ?? "");
      i++;
    }
  }
  if (cmd.name === "sqlite3" || cmd.name === "duckdb") {
    const operands = texts.filter(
      (text, i) =>
        !text.startsWith("-") &&
        !/^-(?:cmd|separator|nullvalue|newline|init|vfs|mmap|lookaside|pagecache|maxsize|heap)$/.test(
          texts[i - 1] ?? "",
        ),
    );
    out.push(...operands.slice(1));
  }
  if (cmd.name === "redis-cli") out.push(texts.filter((text) => !text.startsWith("-")).join(" "));
  // `bq query [flags] 'SQL'`: the statement follows the subcommand.
  if (cmd.name === "bq" && !texts.some((text) => /^--dry_run(?:=true)?$/.test(text))) {
    const words = texts.filter((text) => !text.startsWith("-"));
    out.push(words.slice(words[0] === "query" ? 1 : 0).join(" "));
  }
  for (const redirect of cmd.source.redirects) {
    if (redirect.heredoc !== null) out.push(redirect.heredoc);
    else if (redirect.op === "<<<" && redirect.target) out.push(redirect.target.text);
  }
  const upstream = cmd.source.upstream[cmd.source.upstream.length - 1];
  if (upstream !== undefined) out.push(stageOutput(upstream) ?? "");
  return out;
}

/** SQL clients, dropdb-style tools and bare SQL typed at the shell. */
export const sqlRules: CommandRule = (cmd) => {
  if (/^(?:dropdb|dropuser|pg_dropcluster|dropcluster|pg_resetwal|pg_resetxlog)$/.test(cmd.name))
    return matchOf(SQL_RULES.datastore);
  if (cmd.name === "mysqladmin" && cmd.args.some((word) => /^drop$/i.test(word.text)))
    return matchOf(SQL_RULES.datastore);
  // The database server stopped (every client's connection dropped).
  if (
    (cmd.name === "mysqladmin" && cmd.args.some((word) => /^shutdown$/i.test(word.text))) ||
    (cmd.name === "pg_ctl" && cmd.args.some((word) => /^(?:stop|kill)$/.test(word.text))) ||
    (cmd.name === "pg_ctlcluster" && cmd.args.some((word) => /^stop$/.test(word.text)))
  )
    return matchOf(PROCESS_RULES.service);
  if (
    /^(?:drop|truncate|delete|update|alter|flushall|flushdb)$/.test(cmd.name) &&
    (/^[A-Z]+$/.test(cmd.nameWord.text) ||
      /^(?:table|database|schema|from|index|view|user|role|only|if|column|sequence|function|trigger|type|extension)$/i.test(
        cmd.args[0]?.text ?? "",
      ))
  ) {
    return sqlMatch([cmd.nameWord.text, ...cmd.args.map((word) => word.text)].join(" "));
  }
  if (
    cmd.name === "redis-cli" &&
    cmd.args.some((word) => /^(?:flushall|flushdb)$/i.test(word.text))
  )
    return matchOf(SQL_RULES.datastore);
  if (FRAMEWORK_TOOLS.test(cmd.name)) {
    const joined = cmd.args.map((word) => word.text).join(" ");
    if (FRAMEWORK_RESET.test(`${cmd.name} ${joined}`)) return matchOf(SQL_RULES.datastore);
  }
  if (!CLIENT_FLAGS.has(cmd.name)) return null;
  for (const text of statements(cmd)) {
    if (/^mongo/.test(cmd.name) && MONGO.test(text)) return matchOf(SQL_RULES.datastore);
    if (/^mongo/.test(cmd.name) && MONGO_PRIVILEGE.test(text)) return matchOf(SQL_RULES.privilege);
    if (/^mongo/.test(cmd.name) && /\.\s*shutdownServer\s*\(/.test(text))
      return matchOf(PROCESS_RULES.service);
    const match = sqlMatch(text);
    if (match) return match;
  }
  return null;
};
