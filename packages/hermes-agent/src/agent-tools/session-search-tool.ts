import type { SessionStore } from "../sessions/session-store.js";

/** The `session_search` tool: matching past sessions with dates and snippets. */
export async function runSessionSearchTool(
  store: SessionStore,
  args: Readonly<Record<string, unknown>>,
  currentSessionId: string | undefined,
): Promise<string> {
  const query = typeof args.query === "string" ? args.query.trim() : "";
  if (query === "") {
    return JSON.stringify({ success: false, error: "query is required: the words to look for." });
  }
  let limit = 3;
  if (args.limit !== undefined && args.limit !== null) {
    const value = Number(args.limit);
    if (!Number.isInteger(value) || value < 1) {
      return JSON.stringify({
        success: false,
        error: `limit must be a whole number from 1 to 10, got ${JSON.stringify(args.limit)}`,
      });
    }
    limit = Math.min(10, value);
  }
  const roles =
    typeof args.role_filter === "string" && args.role_filter.trim() !== ""
      ? args.role_filter
          .split(",")
          .map((role) => role.trim().toLowerCase())
          .filter((role) => role !== "")
      : undefined;
  const results = await store.search({
    query,
    limit,
    ...(roles === undefined ? {} : { roles }),
    ...(currentSessionId === undefined ? {} : { excludeSessionId: currentSessionId }),
  });
  return JSON.stringify({
    success: true,
    query,
    results,
    count: results.length,
    sessions_searched: store.indexedSessions,
    ...(results.length === 0 ? { message: "No earlier session matched." } : {}),
  });
}
