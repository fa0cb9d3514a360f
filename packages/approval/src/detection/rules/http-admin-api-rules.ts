// Admin APIs of datastores and infrastructure services called over HTTP (curl, wget, httpie):
// each request is read as method, URL (query decoded) and body, and matched against a table of
// endpoints that change who can get in or switch a safety off (Elasticsearch/OpenSearch users,
// passwords and cluster guards, Consul and Vault root tokens, CouchDB admins, RabbitMQ
// administrators, Grafana server admins, etcd auth), and SQL sent to an HTTP SQL endpoint
// (ClickHouse `?query=`, InfluxDB `?q=`, CrateDB/Druid/Trino bodies) is judged as SQL.
import { matchOf, type CommandRule } from "../rule-context.js";
import type { RuleInfo } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { httpRequestOf, urlDecode } from "./http-request-reader.js";
import { SQL_RULES, sqlMatch } from "./sql-rules.js";

interface ApiEntry {
  /** Methods the entry is about (any when absent). */
  readonly methods?: RegExp;
  readonly path: RegExp;
  /** A condition on the request body (any body when absent). */
  readonly body?: RegExp;
  readonly rule: RuleInfo;
}

const WRITE = /^(?:PUT|POST|PATCH)$/;
const { adminAccess: accessChange, adminGuardOff: guardOff } = OPS_CLI_RULES;

const ENTRIES: readonly ApiEntry[] = [
  // Elasticsearch / OpenSearch security.
  { methods: WRITE, path: /\/_security\/user\/[^/?]+\/_password\b/, rule: accessChange },
  {
    methods: WRITE,
    path: /\/_(?:security|xpack\/security)\/(?:user|role_mapping|api_key|service)\b/,
    body: /superuser|\ball\b|"cluster"\s*:\s*\[\s*"all"/,
    rule: accessChange,
  },
  {
    methods: WRITE,
    path: /\/_plugins\/_security\/api\/(?:internalusers|rolesmapping|roles)\b/,
    rule: accessChange,
  },
  {
    methods: WRITE,
    path: /\/_cluster\/settings\b/,
    body: /destructive_requires_name"?\s*:\s*"?false|allocation\.enable"?\s*:\s*"?none|blocks\.read_only(?:_allow_delete)?"?\s*:\s*"?true|security\.(?:enabled|disabled)|audit\.enabled"?\s*:\s*"?false/,
    rule: guardOff,
  },
  {
    methods: /^POST$/,
    path: /\/_close\b|\/_nodes\/[^?]*\/?_shutdown\b|\/_shutdown\b/,
    rule: guardOff,
  },
  { methods: WRITE, path: /\/_nodes\/[^/?]+\/shutdown\b/, rule: guardOff },
  // Consul, Nomad, Vault: root tokens and seals.
  { methods: WRITE, path: /\/v1\/acl\/bootstrap\b/, rule: accessChange },
  {
    methods: WRITE,
    path: /\/v1\/acl\/token\b/,
    body: /global-management|"?Type"?\s*:\s*"?management/i,
    rule: accessChange,
  },
  {
    methods: WRITE,
    path: /\/v1\/auth\/token\/create(?:-orphan)?\b/,
    body: /\broot\b/,
    rule: accessChange,
  },
  {
    methods: WRITE,
    path: /\/v1\/sys\/(?:seal|step-down|generate-root|rekey|raw)\b/,
    rule: guardOff,
  },
  // etcd, CouchDB, RabbitMQ, Grafana.
  {
    methods: WRITE,
    path: /\/v3(?:beta|alpha)?\/auth\/(?:disable|user\/(?:add|grant|changepw))\b/,
    rule: accessChange,
  },
  { methods: WRITE, path: /\/_(?:node\/[^/]+\/_)?config\/admins\//, rule: accessChange },
  { methods: WRITE, path: /\/api\/users\/[^/?]+/, body: /administrator/, rule: accessChange },
  {
    methods: WRITE,
    path: /\/api\/permissions\/[^?]+/,
    body: /"configure"\s*:\s*"\.\*"/,
    rule: accessChange,
  },
  {
    methods: WRITE,
    path: /\/api\/admin\/users\/[^/]+\/(?:password|permissions)\b/,
    rule: accessChange,
  },
  // Solr: a core or collection unloaded with its index, or every document deleted.
  {
    path: /\/admin\/(?:cores|collections)\b.*\baction=(?:UNLOAD|DELETE)\b/i,
    rule: SQL_RULES.datastore,
  },
  {
    path: /\/update\b/,
    body: /<delete>\s*<query>\s*\*:\*\s*<\/query>|"delete"\s*:\s*\{\s*"query"\s*:\s*"\*:\*"/,
    rule: SQL_RULES.datastore,
  },
];

// Query parameters and JSON fields that carry SQL to an HTTP SQL endpoint.
const SQL_PARAM = /[?&](?:query|q|sql|stmt)=([^&#]*)/gi;
const SQL_FIELD = /"(?:sql|stmt)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
// A `query` field is SQL only when sent to an SQL endpoint (not a search API's query string).
const QUERY_FIELD = /"(?:query|q)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
const SQL_ENDPOINT =
  /\/(?:_sql|sql|v\d\/statement|exec|query)\b|:(?:8123|8086|4200|8082|8888|9000)\b/i;

/** HTTP calls to datastore and infrastructure admin APIs, and SQL sent over HTTP. */
export const httpAdminApiRule: CommandRule = (cmd) => {
  const request = httpRequestOf(cmd);
  if (request === null) return null;
  const { method, body } = request;
  const urls = request.urls.map(urlDecode);
  for (const entry of ENTRIES) {
    if (entry.methods !== undefined && !entry.methods.test(method)) continue;
    if (!urls.some((url) => entry.path.test(url))) continue;
    if (entry.body === undefined || entry.body.test(body)) return matchOf(entry.rule);
  }
  const sql = [
    ...request.urls.flatMap((url) =>
      [...url.matchAll(SQL_PARAM)].map((m) => urlDecode(m[1] ?? "")),
    ),
    ...[...body.matchAll(SQL_FIELD)].map((m) => m[1] ?? ""),
    ...(urls.some((url) => SQL_ENDPOINT.test(url))
      ? [...body.matchAll(QUERY_FIELD)].map((m) => m[1] ?? "")
      : []),
    ...(/^\s*[A-Za-z]+\s/.test(body) ? [body] : []),
  ];
  for (const text of sql) {
    const match = sqlMatch(text);
    if (match !== null) return match;
  }
  return null;
};
