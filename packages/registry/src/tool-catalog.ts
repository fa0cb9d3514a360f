import type { Logger } from "@hermes-agent/core";
import type { PreparedTool } from "./prepared-tool.js";
import type { CheckFn } from "./types.js";

const MCP_PREFIX = "mcp-";

function byName(a: PreparedTool, b: PreparedTool): number {
  const x = a.name;
  const y = b.name;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The registry's tables: name → tool, toolset → names, toolset checks, aliases, and the tools
 * displaced by overrides. Every change bumps `generation`; sorted views are rebuilt lazily once
 * per generation, so building definitions for many tools stays linear.
 */
export class ToolCatalog {
  readonly tools: Map<string, PreparedTool> = new Map();
  readonly toolsets: Map<string, Set<string>> = new Map();
  readonly toolsetChecks: Map<string, CheckFn> = new Map();
  readonly aliases: Map<string, string> = new Map();
  #displaced = new Map<string, PreparedTool[]>();
  #generation = 0;
  #selection = 0;
  #sorted: { generation: number; tools: readonly PreparedTool[] } | undefined;
  #sortedNames = new Map<string, { generation: number; names: readonly string[] }>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  get generation(): number {
    return this.#generation;
  }

  /** Add a tool, applying the collision rules; false when refused. */
  add(tool: PreparedTool, override: boolean): boolean {
    const { name, toolset } = tool;
    const existing = this.tools.get(name);
    if (existing !== undefined && existing.toolset !== toolset) {
      const previous = existing.toolset;
      let displaced = false;
      if (previous.startsWith(MCP_PREFIX) && toolset.startsWith(MCP_PREFIX)) {
        this.#logger.debug(
          `Tool '${name}': MCP toolset '${toolset}' replaces MCP toolset '${previous}'`,
        );
      } else if (override) {
        this.#logger.info(
          `Tool '${name}': toolset '${toolset}' is overriding the existing tool from toolset '${previous}'`,
        );
        // An older version of this toolset's tool, displaced earlier, is superseded by this one.
        const stack = (this.#displaced.get(name) ?? []).filter(
          (below) => below.toolset !== toolset,
        );
        stack.push(existing);
        this.#displaced.set(name, stack);
        displaced = true;
      } else {
        this.#logger.error(
          `Tool registration REJECTED: '${name}' (toolset '${toolset}') would shadow the existing tool from toolset '${previous}'. ` +
            "Pass override: true to replace it on purpose.",
        );
        return false;
      }
      // A displaced tool may come back: its toolset keeps its aliases meanwhile.
      this.#unindex(existing, displaced);
    }
    this.#insert(tool);
    this.#generation++;
    return true;
  }

  /** Remove a tool, restoring the tool an override displaced; false when unknown. */
  remove(name: string): boolean {
    const tool = this.tools.get(name);
    if (tool === undefined) return false;
    this.tools.delete(name);
    this.#unindex(tool);
    const stack = this.#displaced.get(name);
    const restored = stack?.pop();
    if (stack !== undefined && stack.length === 0) this.#displaced.delete(name);
    if (restored !== undefined) {
      this.#insert(restored);
      this.#logger.info(
        `Tool '${name}': restored the tool from toolset '${restored.toolset}' after its override was removed`,
      );
    }
    this.#generation++;
    return true;
  }

  addAlias(alias: string, toolset: string): void {
    const current = this.aliases.get(alias);
    if (current !== undefined && current !== toolset) {
      this.#logger.warn(
        `Toolset alias '${alias}' now points to '${toolset}' instead of '${current}'`,
      );
    }
    this.aliases.set(alias, toolset);
    this.#generation++;
  }

  /** A toolset name with aliases resolved. */
  resolve(toolset: string): string {
    return this.toolsets.has(toolset) ? toolset : (this.aliases.get(toolset) ?? toolset);
  }

  /** All tools sorted by name; rebuilt once per generation. */
  sorted(): readonly PreparedTool[] {
    if (this.#sorted?.generation !== this.#generation) {
      this.#sorted = { generation: this.#generation, tools: [...this.tools.values()].sort(byName) };
    }
    return this.#sorted.tools;
  }

  /** Sorted, frozen names of a toolset's tools. */
  namesOf(toolset: string): readonly string[] {
    const cached = this.#sortedNames.get(toolset);
    if (cached?.generation === this.#generation) return cached.names;
    const names = Object.freeze([...(this.toolsets.get(toolset) ?? [])].sort());
    this.#sortedNames.set(toolset, { generation: this.#generation, names });
    return names;
  }

  /**
   * Visit the known tools among `names` in name order, once each, in O(N + k): each asked-for
   * tool is stamped, then the sorted table is walked once (a small request sorts just its tools;
   * a large `Set` is asked about each tool instead of stamping).
   */
  forEachSelected(names: Iterable<string>, visit: (tool: PreparedTool) => void): void {
    const all = this.sorted();
    if (names instanceof Set && names.size * 16 >= all.length) {
      // A large set: one membership test per tool, in name order, nothing to allocate or mark
      // (so a visit that selects again, from a check, cannot disturb this walk).
      const wanted = names as ReadonlySet<string>;
      for (const tool of all) if (wanted.has(tool.name)) visit(tool);
      return;
    }
    const stamp = ++this.#selection;
    const picked: PreparedTool[] = [];
    for (const name of names) {
      const tool = this.tools.get(name);
      if (tool !== undefined && tool.mark !== stamp) {
        tool.mark = stamp;
        picked.push(tool);
      }
    }
    // The selection is fixed before any visit: a visit may select again (a check that asks the
    // registry for definitions) and re-mark the tools.
    const selected =
      picked.length * 16 < all.length ? picked.sort(byName) : all.filter((t) => t.mark === stamp);
    for (const tool of selected) visit(tool);
  }

  #insert(tool: PreparedTool): void {
    const { name, toolset, checkFn } = tool;
    this.tools.set(name, tool);
    let members = this.toolsets.get(toolset);
    if (members === undefined) {
      members = new Set();
      this.toolsets.set(toolset, members);
    }
    members.add(name);
    if (checkFn !== undefined && !this.toolsetChecks.has(toolset))
      this.toolsetChecks.set(toolset, checkFn);
  }

  /**
   * Drop a tool from its toolset; an emptied toolset loses its check and, unless `keepAliases`
   * (the tool was only displaced by an override), the aliases to it.
   */
  #unindex(tool: PreparedTool, keepAliases = false): void {
    const { name, toolset } = tool;
    const members = this.toolsets.get(toolset);
    if (members === undefined) return;
    members.delete(name);
    if (members.size > 0) return;
    this.toolsets.delete(toolset);
    this.toolsetChecks.delete(toolset);
    this.#sortedNames.delete(toolset);
    if (keepAliases) return;
    for (const [alias, target] of this.aliases) if (target === toolset) this.aliases.delete(alias);
  }
}
