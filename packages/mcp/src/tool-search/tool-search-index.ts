import MiniSearch from "minisearch";

/** One searchable tool. */
export interface SearchableTool {
  readonly name: string;
  readonly description: string;
}

/** One search hit, best first. */
export interface ToolSearchHit {
  readonly name: string;
  readonly description: string;
  readonly score: number;
}

/** Split `mcp__github__create_issue` / `createIssue` into words. */
function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && word !== "mcp");
}

/**
 * A full-text index (MiniSearch: BM25 ranking, prefix and fuzzy matching) over tool names and
 * descriptions; a match in the name counts three times a match in the description.
 */
export class ToolSearchIndex {
  readonly #index = new MiniSearch<SearchableTool>({
    idField: "name",
    fields: ["name", "description"],
    storeFields: ["name", "description"],
    tokenize,
    searchOptions: { boost: { name: 3 }, prefix: true, fuzzy: 0.2, combineWith: "OR" },
  });

  /** Add tools; a name already indexed is replaced. */
  add(tools: Iterable<SearchableTool>): void {
    for (const tool of tools) {
      if (this.#index.has(tool.name)) this.#index.discard(tool.name);
      this.#index.add({ name: tool.name, description: tool.description });
    }
  }

  /** Drop a tool; false when it was not indexed. */
  remove(name: string): boolean {
    if (!this.#index.has(name)) return false;
    this.#index.discard(name);
    return true;
  }

  /** True when `name` is indexed. */
  has(name: string): boolean {
    return this.#index.has(name);
  }

  get size(): number {
    return this.#index.documentCount;
  }

  /** The best `limit` tools for a query. */
  search(query: string, limit: number): ToolSearchHit[] {
    return this.#index
      .search(query)
      .slice(0, limit)
      .map((hit) => ({
        name: String(hit.name),
        description: String(hit.description),
        score: hit.score,
      }));
  }
}
