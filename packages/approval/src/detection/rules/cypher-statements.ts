// Cypher (Neo4j, Memgraph, AGE) statements judged by what they do to the graph: every node of
// a pattern deleted (`MATCH (n) DETACH DELETE n`, no WHERE and no property filter), databases,
// constraints and users dropped, a database replaced, the schema asserted empty through APOC,
// batch deletes through `apoc.periodic.*`, and accounts given passwords or admin roles.
import { matchOf } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { SQL_RULES } from "./sql-rules.js";
import { PROCESS_RULES } from "./process-rules.js";

// A MATCH whose pattern filters on nothing: no WHERE clause and no `{property: value}` map.
function unfilteredDelete(statement: string): boolean {
  if (!/\bDELETE\b/.test(statement) || !/^(?:OPTIONAL\s+)?MATCH\b/.test(statement)) return false;
  const match = statement.slice(0, statement.search(/\b(?:DETACH\s+)?DELETE\b/));
  return !/\bWHERE\b|\{|\bLIMIT\b/.test(match);
}

/** What a Cypher text does that loses data or widens access, or null. */
export function cypherMatch(text: string): DangerousCommandMatch | null {
  for (const raw of text.split(";")) {
    const statement = raw.trim().replace(/\s+/g, " ").toUpperCase();
    if (statement === "") continue;
    if (unfilteredDelete(statement)) return matchOf(SQL_RULES.deleteAll);
    if (
      /^DROP\s+(?:COMPOSITE\s+)?(?:DATABASE|GRAPH|CONSTRAINT|INDEX|ALIAS|USER|ROLE)\b/.test(
        statement,
      ) ||
      /^CREATE\s+OR\s+REPLACE\s+(?:COMPOSITE\s+)?DATABASE\b/.test(statement) ||
      /\bAPOC\.SCHEMA\.ASSERT\s*\(\s*\{\s*\}\s*,\s*\{\s*\}/.test(statement)
    )
      return matchOf(SQL_RULES.drop);
    // `apoc.periodic.iterate(outer, inner, {batchSize: ...})`: its config map is no filter.
    const periodic = statement.replace(/,\s*\{[^{}]*\}\s*\)[^)]*$/, ")");
    if (
      /\bAPOC\.PERIODIC\.(?:ITERATE|COMMIT|TRUNCATE)\b/.test(periodic) &&
      (/\bTRUNCATE\b/.test(periodic) ||
        (/\bDELETE\b/.test(periodic) && !/\bWHERE\b|\{\s*\w+\s*:/.test(periodic)))
    )
      return matchOf(SQL_RULES.deleteAll);
    if (
      /^(?:ALTER\s+(?:CURRENT\s+)?USER\b.*\bPASSWORD\b|CREATE\s+(?:OR\s+REPLACE\s+)?USER\b|GRANT\s+(?:ROLE\s+)?(?:ADMIN|ARCHITECT|PUBLISHER)\b.*\bTO\b|GRANT\s+ALL\b)/.test(
        statement,
      ) ||
      /\bDBMS\.SECURITY\.(?:CREATEUSER|CHANGEUSERPASSWORD|CHANGEPASSWORD|ADDROLETOUSER)\b/.test(
        statement,
      )
    )
      return matchOf(SQL_RULES.privilege);
    if (/^STOP\s+DATABASE\b/.test(statement)) return matchOf(PROCESS_RULES.service);
  }
  return null;
}
