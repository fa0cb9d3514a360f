// SQL statements that administer the server rather than query it: objects replaced in place
// (`CREATE OR REPLACE TABLE` drops what was there), restores over a live database, server-side
// files read or written by COPY, the server's safety settings switched off (query and audit
// logs, read-only, secure transport, `ALTER SYSTEM`), plugins loaded, accounts opened to any
// host, administrative roles handed out (Snowflake's ACCOUNTADMIN, CockroachDB's admin,
// PostgreSQL's server-file roles), databases taken offline and the server shut down.
import { matchOf } from "../rule-context.js";
import type { DangerousCommandMatch, RuleInfo } from "../types.js";
import { DATA_FAMILY_RULES } from "./data-family-catalog.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SQL_RULES } from "./sql-rules.js";

type Kind =
  "drop" | "datastore" | "serverFiles" | "privilege" | "serverSetting" | "restoreOver" | "service";

interface AdminStatement {
  readonly test: RegExp;
  readonly rule: Kind;
}

// Resolved when a statement matches: sql-rules imports this file, so its table is read late.
function ruleOf(kind: Kind): RuleInfo {
  switch (kind) {
    case "serverSetting":
    case "restoreOver":
      return DATA_FAMILY_RULES[kind];
    case "service":
      return PROCESS_RULES.service;
    default:
      return SQL_RULES[kind];
  }
}

const serverSetting = "serverSetting";
const restoreOver = "restoreOver";

// Each test reads one statement: upper-cased, whitespace folded, string literals kept.
const STATEMENTS: readonly AdminStatement[] = [
  {
    test: /^CREATE\s+OR\s+REPLACE\s+(?:TRANSIENT\s+|TEMP\w*\s+)?(?:TABLE|DATABASE|SCHEMA|STAGE)\b/,
    rule: "drop",
  },
  { test: /^REPLACE\s+(?:TABLE|DATABASE)\b/, rule: "drop" },
  { test: /^RESTORE\s+(?:DATABASE|LOG|TABLE)\b.*\bWITH\b.*\bREPLACE\b/, rule: restoreOver },
  { test: /^RESTORE\s+(?:DATABASE|TABLE|FROM|ALL)\b/, rule: restoreOver },
  { test: /^DBCC\s+CHECK\w*\b.*\bREPAIR_ALLOW_DATA_LOSS\b/, rule: "datastore" },
  // Server-side files: `COPY t TO '/path'`, `COPY t FROM '/path'` (not STDIN/STDOUT).
  { test: /^COPY\b.*\b(?:TO|FROM)\s+'\//, rule: "serverFiles" },
  // Settings sql-account-statements leaves alone: audit plugins off, password checks and
  // foreign keys relaxed server-wide, PostgreSQL statement logging off or the server opened to
  // every address.
  {
    test: /^SET\s+(?:GLOBAL|PERSIST(?:_ONLY)?|@@GLOBAL\.)\s*(?:AUDIT_LOG\w*|SERVER_AUDIT\w*|FOREIGN_KEY_CHECKS)\s*=\s*'?(?:OFF|0|FALSE)\b/,
    rule: serverSetting,
  },
  {
    test: /^SET\s+(?:GLOBAL|PERSIST(?:_ONLY)?|@@GLOBAL\.)\s*VALIDATE_PASSWORD[._]POLICY\s*=\s*'?(?:LOW|0)\b/,
    rule: serverSetting,
  },
  {
    test: /^ALTER\s+SYSTEM\s+(?:SET\s+(?:LOG_STATEMENT\s*(?:=|TO)\s*'NONE'|LISTEN_ADDRESSES\s*(?:=|TO)\s*'\*'|PASSWORD_ENCRYPTION\s*(?:=|TO)\s*'?(?:MD5|PLAIN)\b)|RESET\s+ALL\b)/,
    rule: serverSetting,
  },
  {
    test: /^ALTER\s+ACCOUNT\b.*\b(?:NETWORK_POLICY|UNSET|MFA|SAML|PASSWORD_POLICY)\b/,
    rule: serverSetting,
  },
  { test: /^(?:DROP|ALTER)\s+NETWORK\s+POLICY\b/, rule: serverSetting },
  { test: /^(?:INSTALL|UNINSTALL)\s+(?:PLUGIN|COMPONENT|SONAME)\b/, rule: serverSetting },
  { test: /^(?:SET\s+CLUSTER\s+SETTING|RESET\s+CLUSTER\s+SETTING)\b/, rule: serverSetting },
  {
    test: /^(?:EXEC(?:UTE)?\s+)?SP_CONFIGURE\b.*'(?:REMOTE ACCESS|REMOTE ADMIN CONNECTIONS|CONTAINED DATABASE AUTHENTICATION)'/,
    rule: serverSetting,
  },
  {
    test: /^ALTER\s+(?:DATABASE|SERVER\s+AUDIT)\b.*\b(?:OFFLINE|SINGLE_USER|STATE\s*=\s*OFF|ROLLBACK\s+IMMEDIATE)\b/,
    rule: serverSetting,
  },
  { test: /^ALTER\s+DATABASE\b.*\bSET\s+TRUSTWORTHY\s+ON\b/, rule: serverSetting },
  // Accounts reachable from any host; administrative roles handed out.
  { test: /^(?:CREATE|ALTER|RENAME)\s+USER\b.*@\s*'%'/, rule: "privilege" },
  {
    test: /^GRANT\s+(?:ROLE\s+)?(?:ACCOUNTADMIN|SECURITYADMIN|SYSADMIN|ORGADMIN|USERADMIN|ADMIN|RDS_SUPERUSER|AZURE_PG_ADMIN|CLOUDSQLSUPERUSER|PG_READ_SERVER_FILES|PG_WRITE_SERVER_FILES|PG_EXECUTE_SERVER_PROGRAM|PG_SIGNAL_BACKEND|DB_OWNER|DBA|SUPER|FILE|PROCESS|SHUTDOWN|RELOAD|REPLICATION\s+SLAVE)\b.*\bTO\b/,
    rule: "privilege",
  },
  { test: /^GRANT\s+ALL\b.*\bON\s+(?:ACCOUNT|CLUSTER|SERVER|DATABASE)\b/, rule: "privilege" },
  { test: /^(?:EXEC(?:UTE)?\s+)?SP_ADDROLEMEMBER\b.*'DB_OWNER'/, rule: "privilege" },
  { test: /^ALTER\s+ROLE\s+DB_OWNER\s+ADD\s+MEMBER\b/, rule: "privilege" },
  // The server stopped or every session cut off.
  { test: /^SHUTDOWN\b|^SYSTEM\s+(?:SHUTDOWN|KILL)\b/, rule: "service" },
  { test: /^KILL\s+(?:ALL|CONNECTION\s+ALL)\b/, rule: "service" },
];

/** The first administrative statement in SQL text, or null. */
export function adminStatementMatch(sql: string): DangerousCommandMatch | null {
  for (const raw of sql.split(";")) {
    const statement = raw
      .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ")
      .trim()
      .replace(/\s+/g, " ")
      .toUpperCase();
    if (statement === "") continue;
    for (const entry of STATEMENTS)
      if (entry.test.test(statement)) return matchOf(ruleOf(entry.rule));
  }
  return null;
}
