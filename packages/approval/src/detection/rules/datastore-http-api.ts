// Datastore, search, coordination and secret-store HTTP APIs called with curl, wget, httpie or
// xh, beside the admin-access endpoints of http-admin-api-rules (cluster guards, root tokens).
// The request's method, path and body are matched against a table of the operations that
// lose data, widen access or expose secrets: Elasticsearch/OpenSearch security users, cluster
// settings, closes, restores and shutdowns; Solr collection deletes and `*:*` delete queries;
// CouchDB admins and database security; Consul ACLs and agent control; etcd range deletes and
// auth; Vault secret reads, tokens, policies and seals; RabbitMQ users and permissions;
// Prometheus series deletes; Grafana admin users. SQL or Cypher sent over HTTP (ClickHouse
// `?query=`, InfluxDB `q=`, Neo4j transactions) is judged as the statement it carries.
import type { ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch, RuleInfo } from "../types.js";
import { CLOUD_RULES } from "./cloud-cli-rules.js";
import { cypherMatch } from "./cypher-statements.js";
import { DATA_FAMILY_RULES } from "./data-family-catalog.js";
import { httpRequestOf, urlDecode, type HttpRequest } from "./http-request-reader.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SQL_RULES, sqlMatch } from "./sql-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";

type Match = DangerousCommandMatch | null;

/** One API operation: the methods it is sent with, its path, and what its body must hold. */
interface ApiEntry {
  /** `write`: any method but GET and HEAD; `any`: every method. */
  readonly methods: "write" | "any" | ReadonlySet<string>;
  readonly path: RegExp;
  readonly body?: RegExp;
  readonly rule: RuleInfo;
}

const { serverSetting, restoreOver, secretManager } = DATA_FAMILY_RULES;
const { accessGrant } = CLOUD_RULES;
const { accounts } = SYSTEM_RULES;
const { stateChange } = OPS_CLI_RULES;
const wipe = SQL_RULES.datastore;
const POST_PUT: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);
const DELETE: ReadonlySet<string> = new Set(["DELETE"]);

const ENTRIES: readonly ApiEntry[] = [
  // Elasticsearch / OpenSearch.
  {
    methods: "write",
    path: /\/_security\/user\/[^/?_][^/?]*(?:\/_password)?(?:[?#]|$)/,
    rule: accounts,
  },
  {
    methods: "write",
    path: /\/_(?:plugins|opendistro)\/_security\/api\/(?:internalusers|account)\b/,
    rule: accounts,
  },
  {
    methods: "write",
    path: /\/_(?:plugins|opendistro)\/_security\/api\/(?:rolesmapping|roles|actiongroups|securityconfig|nodesdn|allowlist)\b|\/_security\/(?:role_mapping|role|api_key|service)\b/,
    rule: accessGrant,
  },
  {
    methods: "write",
    path: /(?:^|\/)(?:_all|\*|[^/?]*\*[^/?]*)\/_settings\b/,
    rule: serverSetting,
  },
  { methods: "write", path: /\/_(?:close|freeze|shrink)(?:[/?#]|$)/, rule: stateChange },
  { methods: "write", path: /\/_snapshot\/[^/?]+\/[^/?]+\/_restore\b/, rule: restoreOver },
  {
    methods: "write",
    path: /\/_(?:shutdown|cluster\/voting_config_exclusions)\b|\/_nodes\/[^?]*\/_shutdown\b/,
    rule: PROCESS_RULES.service,
  },
  {
    methods: "write",
    path: /\/_update_by_query\b/,
    body: /^(?![\s\S]*"query")|match_all/,
    rule: SQL_RULES.updateAll,
  },
  {
    methods: "write",
    path: /\/_ingest\/pipeline\b|\/_ilm\/(?:stop|policy)\b/,
    body: /"(?:delete|script)"|^$/,
    rule: stateChange,
  },
  // Solr.
  {
    methods: "any",
    path: /\/admin\/(?:collections|configs)\b.*[?&]action=(?:DELETE\w*|RESTORE|REINDEXCOLLECTION)\b/i,
    rule: wipe,
  },
  {
    methods: "any",
    path: /\/admin\/cores\b.*[?&]action=UNLOAD\b.*delete(?:Index|DataDir|InstanceDir)=true/i,
    rule: wipe,
  },
  {
    methods: "any",
    path: /\/solr\/[^/?]+\/update\b/,
    body: /<delete>\s*<query>|"delete"\s*:\s*\{\s*"query"|stream\.body=<delete>/,
    rule: wipe,
  },
  { methods: "any", path: /\/solr\/[^/?]+\/update\b.*stream\.body=.*<delete>/i, rule: wipe },
  {
    methods: "write",
    path: /\/solr\/[^/?]+\/config\b/,
    body: /enableRemoteStreaming|enableStreamBody|runtimeLib|(?:add|update|create)-(?:requesthandler|queryresponsewriter)|velocity/i,
    rule: serverSetting,
  },
  {
    methods: "write",
    path: /\/(?:solr\/)?admin\/(?:authentication|authorization)\b/,
    rule: accessGrant,
  },
  // CouchDB.
  { methods: "write", path: /\/_node\/[^/]+\/_config\//, rule: serverSetting },
  { methods: "write", path: /^\/[^_/?][^/?]*\/_security\b/, rule: accessGrant },
  { methods: "write", path: /^\/_users\/org\.couchdb\.user:/, rule: accounts },
  { methods: "write", path: /^\/[^_/?][^/?]*\/_purge\b/, rule: wipe },
  // Consul.
  {
    methods: "write",
    path: /\/v1\/acl\/(?:bootstrap|token|policy|role|auth-method|binding-rule)\b/,
    rule: accessGrant,
  },
  { methods: "write", path: /\/v1\/agent\/(?:leave|force-leave)\b/, rule: PROCESS_RULES.service },
  {
    methods: "write",
    path: /\/v1\/(?:agent\/(?:service|check)|catalog)\/deregister\b/,
    rule: stateChange,
  },
  { methods: "write", path: /\/v1\/operator\/(?:raft\/peer|autopilot)\b/, rule: stateChange },
  { methods: "write", path: /\/v1\/snapshot\b/, rule: restoreOver },
  { methods: "write", path: /\/v1\/txn\b/, body: /delete-tree|"Verb"\s*:\s*"delete/i, rule: wipe },
  // etcd (v3 gateway).
  { methods: "any", path: /\/v3(?:beta|alpha)?\/kv\/deleterange\b/, rule: wipe },
  {
    methods: "write",
    path: /\/v3(?:beta|alpha)?\/auth\/(?:disable|user\/(?:add|changepw|grant)|role\/grant)\b/,
    rule: accounts,
  },
  { methods: "write", path: /\/v3(?:beta|alpha)?\/cluster\/member\/remove\b/, rule: stateChange },
  // Vault.
  { methods: "write", path: /\/v1\/auth\/token\/create(?:-orphan)?\b/, rule: secretManager },
  {
    methods: "any",
    path: /\/v1\/sys\/(?:seal|unseal|generate-root|rekey|rotate|replication\/\w+\/demote|step-down|raw\/)/,
    rule: secretManager,
  },
  { methods: "write", path: /\/v1\/sys\/(?:policy|policies\/acl)\//, rule: accessGrant },
  { methods: "write", path: /\/v1\/sys\/(?:mounts|auth|audit)\/\S/, rule: stateChange },
  {
    methods: "write",
    path: /\/v1\/auth\/[^/]+\/users\/[^/?]+/,
    body: /password|polic/,
    rule: accounts,
  },
  // RabbitMQ management.
  { methods: POST_PUT, path: /\/api\/users\/[^/?]+/, rule: accounts },
  { methods: POST_PUT, path: /\/api\/(?:topic-)?permissions\//, body: /\.\*/, rule: accessGrant },
  { methods: "write", path: /\/api\/definitions\b/, rule: restoreOver },
  // Schema registry and Kafka Connect.
  { methods: DELETE, path: /\/subjects\/[^/?]+/, rule: wipe },
  // Prometheus and Alertmanager.
  {
    methods: "any",
    path: /\/api\/v1\/admin\/tsdb\/(?:delete_series|clean_tombstones)\b/,
    rule: wipe,
  },
  { methods: "write", path: /\/-\/quit\b/, rule: PROCESS_RULES.service },
  { methods: POST_PUT, path: /\/api\/v[12]\/silences?\b/, rule: stateChange },
  // Grafana.
  { methods: "write", path: /\/api\/admin\/users\b/, rule: accounts },
  {
    methods: POST_PUT,
    path: /\/api\/(?:auth\/keys|serviceaccounts\/\d+\/tokens)\b/,
    rule: accessGrant,
  },
  // InfluxDB 2, vector stores.
  { methods: "write", path: /\/api\/v2\/delete\b/, rule: wipe },
  {
    methods: "write",
    path: /\/api\/v2\/authorizations\b/,
    body: /"write"|"all|operator/i,
    rule: accessGrant,
  },
  { methods: DELETE, path: /\/(?:collections|indexes|classes|schema)\/[^/?]+/, rule: wipe },
  { methods: "write", path: /\/api\/v[12]\/reset\b/, rule: wipe },
];

const WRITE = (method: string): boolean => method !== "GET" && method !== "HEAD";

/** The path and query of a URL (its scheme, credentials and host removed), decoded. */
function pathOf(url: string): string {
  const rest = url.replace(/^(?:[a-z][\w+.-]*:\/\/)?[^/?#]*/i, "");
  return urlDecode(rest.startsWith("/") || rest === "" ? rest : `/${rest}`);
}

function entryMatches(entry: ApiEntry, request: HttpRequest, path: string): boolean {
  const methodOk =
    entry.methods === "any" ||
    (entry.methods === "write" ? WRITE(request.method) : entry.methods.has(request.method));
  if (!methodOk || !entry.path.test(path)) return false;
  return entry.body === undefined || entry.body.test(request.body);
}

// SQL-looking text: a statement keyword first.
const SQL_START =
  /^\s*(?:DROP|TRUNCATE|DELETE|ALTER|UPDATE|GRANT|CREATE|RENAME|SET|SYSTEM|KILL|RESTORE|INSERT|REPLACE)\b/i;

/** Statements carried in `query=`/`q=` parameters, a SQL body, or Neo4j's `"statement"`. */
function statementMatch(request: HttpRequest, paths: readonly string[]): Match {
  const texts: string[] = [];
  for (const text of [...paths, request.body]) {
    for (const found of text.matchAll(/(?:^|[?&\n])(?:query|q)=([^&\n]*)/g))
      texts.push(found[1] ?? "");
  }
  if (SQL_START.test(request.body)) texts.push(request.body);
  for (const text of texts) {
    const found = sqlMatch(text);
    if (found) return found;
  }
  for (const found of request.body.matchAll(/"statement"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
    const statement = (found[1] ?? "").replace(/\\"/g, '"');
    const match = cypherMatch(statement) ?? sqlMatch(statement);
    if (match) return match;
  }
  return null;
}

// A Vault server: its port, a host named for it, its address variable, or its token header.
function isVault(request: HttpRequest, url: string): boolean {
  return (
    /^(?:[a-z]+:\/\/)?[^/]*(?::8200\b|vault|openbao)/i.test(url) ||
    /^\$\{?(?:VAULT|BAO)_ADDR\b/.test(url) ||
    request.headers.some((header) => /^X-Vault-Token\s*:/i.test(header))
  );
}

// Vault paths that are status or metadata, not a secret value.
const VAULT_NOT_SECRET =
  /^\/v1\/(?:sys\/|auth\/token\/lookup|[^?]*\/metadata\/|[^?]*[?&]list=true)/;

/** A secret read from Vault over its HTTP API (`GET /v1/secret/data/prod/db`). */
function vaultRead(request: HttpRequest, url: string, path: string): boolean {
  if (request.method !== "GET" && request.method !== "LIST") return false;
  return isVault(request, url) && /^\/v1\/\S/.test(path) && !VAULT_NOT_SECRET.test(path);
}

function judgeRequest(request: HttpRequest): Match {
  const paths = request.urls.map(pathOf);
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i] ?? "";
    for (const entry of ENTRIES) if (entryMatches(entry, request, path)) return matchOf(entry.rule);
    if (vaultRead(request, request.urls[i] ?? "", path)) return matchOf(OPS_CLI_RULES.secretRead);
  }
  return statementMatch(request, paths);
}

/** Datastore and secret-store HTTP APIs called with an HTTP client. */
export const datastoreHttpApiRule: CommandRule = (cmd: ResolvedCommand) => {
  const request = httpRequestOf(cmd);
  return request === null ? null : judgeRequest(request);
};
