// SQL statements about the server's accounts and its reach into the host: passwords set or
// blanked, the privilege tables written directly, logins enabled, and the features that let
// SQL run operating-system commands (xp_cmdshell, COPY ... PROGRAM, untrusted languages).
// Each entry reads one statement, upper-cased with literals kept and whitespace folded.

/** Which rule a statement of this file falls under. */
export type AccountStatementKind = "credential" | "hostCommand" | "guardOff";

// The built-in superuser accounts, however quoted (`sa`, `'root'@'localhost'`, `"postgres"`).
const SUPERUSER =
  "[`'\"\\[]?(?:SA|ROOT|POSTGRES|ADMIN|ADMINISTRATOR|SYS|SYSTEM|RDSADMIN|ELASTIC|DBA|SUPERUSER|ACCOUNTADMIN)[`'\"\\]]?(?:@\\S+)?";

interface StatementEntry {
  readonly test: RegExp;
  readonly kind: AccountStatementKind;
}

const ENTRIES: readonly StatementEntry[] = [
  // The superuser's password set or changed, or any account's blanked: PostgreSQL,
  // MySQL/MariaDB, SQL Server, Oracle, Snowflake. (An application account's new password is
  // routine.)
  {
    test: new RegExp(
      `^ALTER\\s+(?:USER|ROLE|LOGIN)\\s+${SUPERUSER}\\s.*\\b(?:PASSWORD|IDENTIFIED)\\b`,
    ),
    kind: "credential",
  },
  {
    test: /^(?:ALTER|CREATE)\s+(?:USER|ROLE|LOGIN)\s+\S+.*\b(?:PASSWORD\s*=?\s*|IDENTIFIED\s+BY\s+)(?:''|""|NULL\b)/,
    kind: "credential",
  },
  {
    test: new RegExp(`^SET\\s+PASSWORD\\s+FOR\\s+${SUPERUSER}|^SET\\s+PASSWORD\\b.*=\\s*(?:''|"")`),
    kind: "credential",
  },
  { test: /^(?:EXEC(?:UTE)?\s+)?(?:\w+\.)*SP_PASSWORD\b/, kind: "credential" },
  // A disabled or locked superuser turned back on (`ALTER LOGIN sa ENABLE`, `ACCOUNT UNLOCK`).
  {
    test: new RegExp(
      `^ALTER\\s+(?:USER|LOGIN)\\s+${SUPERUSER}\\s+(?:ENABLE\\b|ACCOUNT\\s+UNLOCK\\b)`,
    ),
    kind: "credential",
  },
  // Server-wide roles handed out.
  {
    test: /^(?:ALTER\s+SERVER\s+ROLE\s+(?:\[?SYSADMIN\]?|\[?SECURITYADMIN\]?|\[?CONTROL\s+SERVER\]?)\s+ADD\s+MEMBER\b|(?:EXEC(?:UTE)?\s+)?(?:\w+\.)*SP_ADDSRVROLEMEMBER\b)/,
    kind: "credential",
  },
  { test: /^GRANT\s+CONTROL\s+SERVER\b|^GRANT\s+(?:DBA|SYSDBA)\s+TO\b/, kind: "credential" },
  // Server-level privileges (MySQL's SUPER, FILE) and the roles that read, write or run on the
  // server host (PostgreSQL) or stand for the superuser on managed services.
  {
    test: /^GRANT\s+(?:[\w\s,]*\b(?:SUPER|FILE|SHUTDOWN|CREATE\s+USER|GRANT\s+OPTION)\b[\w\s,]*)\s+ON\s+\*\.\*/,
    kind: "credential",
  },
  {
    test: /^GRANT\s+(?:PG_READ_SERVER_FILES|PG_WRITE_SERVER_FILES|PG_EXECUTE_SERVER_PROGRAM|RDS_SUPERUSER|CLOUDSQLSUPERUSER|AZURE_PG_ADMIN|RDSADMIN|SYSADMIN|DB_OWNER|ACCOUNTADMIN|SECURITYADMIN)\b/,
    kind: "credential",
  },
  // The privilege tables written directly (MySQL's `mysql.user`, PostgreSQL's `pg_authid`).
  {
    test: /^(?:UPDATE|INSERT\s+INTO|REPLACE\s+INTO|DELETE\s+FROM)\s+(?:`?MYSQL`?\.)?`?(?:USER|GLOBAL_PRIV|DB|TABLES_PRIV)`?\s+(?:SET\b.*\b(?:AUTHENTICATION_STRING|PASSWORD|PLUGIN|\w+_PRIV)\b|.*\bVALUES\b)/,
    kind: "credential",
  },
  {
    test: /^(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+(?:PG_CATALOG\.)?PG_(?:AUTHID|SHADOW)\b/,
    kind: "credential",
  },
  // Safety and security switched off server-wide: durability, TLS, read-only replicas,
  // row-level security, the binary log (changes hidden from replicas and point-in-time recovery).
  {
    test: /^ALTER\s+SYSTEM\s+SET\s+(?:FSYNC|FULL_PAGE_WRITES|SSL|ROW_SECURITY|LOG_CONNECTIONS|LOGGING_COLLECTOR)\s*(?:=|TO)\s*'?(?:OFF|FALSE|0|NO)\b/,
    kind: "guardOff",
  },
  {
    test: /^SET\s+(?:GLOBAL|PERSIST|@@GLOBAL\.)\s*(?:SUPER_READ_ONLY|READ_ONLY|SQL_LOG_BIN|GENERAL_LOG|REQUIRE_SECURE_TRANSPORT)\s*=\s*'?(?:OFF|0|FALSE)\b/,
    kind: "guardOff",
  },
  { test: /^SET\s+(?:GLOBAL|PERSIST)\s+LOCAL_INFILE\s*=\s*'?(?:ON|1|TRUE)\b/, kind: "guardOff" },
  {
    test: /^ALTER\s+TABLE\s+\S+\s+(?:DISABLE|NO\s+FORCE)\s+ROW\s+LEVEL\s+SECURITY\b/,
    kind: "guardOff",
  },
  { test: /^REVOKE\s+ALL\b/, kind: "guardOff" },
  // SQL that runs host commands, or turns on the feature that does.
  { test: /\bXP_CMDSHELL\b/, kind: "hostCommand" },
  {
    test: /\bSP_CONFIGURE\b.*'(?:OLE AUTOMATION PROCEDURES|CLR ENABLED|EXTERNAL SCRIPTS ENABLED|AD HOC DISTRIBUTED QUERIES)'/,
    kind: "hostCommand",
  },
  { test: /\bSP_OACREATE\b|\bSP_EXECUTE_EXTERNAL_SCRIPT\b/, kind: "hostCommand" },
  { test: /^COPY\b.*\b(?:FROM|TO)\s+PROGRAM\b/, kind: "hostCommand" },
  { test: /\bSYS_(?:EXEC|EVAL)\s*\(/, kind: "hostCommand" },
  {
    test: /^CREATE\s+(?:OR\s+REPLACE\s+)?(?:TRUSTED\s+)?(?:PROCEDURAL\s+)?(?:LANGUAGE|EXTENSION)\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(?:PLPYTHON\d?U|PLPERLU|PLTCLU|PLSH|PLV8U)\b/,
    kind: "hostCommand",
  },
  {
    test: /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\b.*\b(?:LANGUAGE\s+'?(?:PLPYTHON\d?U|PLPERLU|PLTCLU|PLSH|C)\b'?|SONAME\b)/,
    kind: "hostCommand",
  },
];

/**
 * What an account or host-reach statement does, or null. `statement` is one statement,
 * upper-cased, whitespace folded, string literals kept (names such as `'xp_cmdshell'` are in them).
 */
export function accountStatementKind(statement: string): AccountStatementKind | null {
  for (const entry of ENTRIES) if (entry.test.test(statement)) return entry.kind;
  return null;
}
