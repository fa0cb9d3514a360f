import { CheckCache, type CheckRecord } from "./check-cache.js";
import { DeadlineQueue } from "./deadline-queue.js";
import { dispatchTool, type DispatchEnvironment } from "./dispatch.js";
import { createStderrLogger, resolveHermesHome, type Logger } from "@hermes-agent/core";
import { sharedSchemaCompiler } from "./json-schema.js";
import type { PreparedTool } from "./prepared-tool.js";
import { readonlyIndexView } from "./readonly-index.js";
import { SignalLinks } from "./signal-link.js";
import { DEFAULT_MAX_RESULT_CHARS } from "./result-spill.js";
import { ToolCatalog } from "./tool-catalog.js";
import { createTool } from "./tool-entry.js";
import { NO_TOOL_OPTIONS, type ToolOptions } from "./tool-options.js";
import { dispatchError } from "./tool-result.js";
import { deepFreeze } from "./plain-copy.js";
import type {
  CheckFn,
  DispatchContext,
  FunctionSchema,
  ToolDefinition,
  ToolEntry,
  ToolOutput,
  ToolSpec,
} from "./types.js";

/** Longest delay `setTimeout` honours; a longer default timeout means none. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Emoji shown for a tool that sets none. */
export const DEFAULT_TOOL_EMOJI = "⚡";

/** Options of a {@link ToolRegistry}. */
export interface ToolRegistryOptions {
  /** Where oversized results are spilled (`<home>/cache/spillover`); else `HERMES_HOME`, else `~/.hermes`. */
  readonly hermesHome?: string;
  /** Receives rejections, overrides and failures; default: warnings and errors to stderr. */
  readonly logger?: Logger;
  /** Clock for the check cache, in milliseconds; injectable for tests. Default `Date.now`. */
  readonly now?: () => number;
  /** Result cap for tools that set none. Default 100 000 characters. */
  readonly defaultMaxResultSizeChars?: number;
  /**
   * Timeout of a call whose caller sets no `timeoutMs`, in milliseconds. Default 300 000 (Hermes'
   * limit on a tool call); `Infinity` for none. The handler's signal is aborted when it passes.
   */
  readonly defaultTimeoutMs?: number;
  /**
   * How long a call whose caller aborted may take to settle with the tool's own answer (a
   * terminal command's output so far and "[Command interrupted]", a script's partial output),
   * in milliseconds; after it, or when the tool rejects, the answer is "was cancelled".
   * Default 5000; 0 answers "was cancelled" at once.
   */
  readonly abortGraceMs?: number;
}

/** Default {@link ToolRegistryOptions.abortGraceMs}: enough for a killed process group to exit. */
export const DEFAULT_ABORT_GRACE_MS = 5000;

/** Timeout of a dispatch whose caller sets none: Hermes' 300 s. */
export const DEFAULT_DISPATCH_TIMEOUT_MS = 300_000;

/** Options of {@link ToolRegistry.getDefinitions}. */
export interface DefinitionOptions {
  /** Do not log tools left out because their check failed. */
  readonly quiet?: boolean;
}

/** A toolset whose tools are all unavailable, with the env vars its tools need but lack. */
export interface UnavailableToolset {
  readonly name: string;
  readonly envVars: readonly string[];
  readonly tools: readonly string[];
}

/** Result of {@link ToolRegistry.checkToolAvailability}. */
export interface ToolAvailability {
  readonly available: readonly string[];
  readonly unavailable: readonly UnavailableToolset[];
}

/**
 * The set of tools an agent can call. Tools register with a schema and a handler; the registry
 * builds the definitions shown to the model (filtered by availability checks) and dispatches
 * calls, always resolving to a result, never throwing.
 */
export class ToolRegistry {
  readonly #catalog: ToolCatalog;
  readonly #checks = new CheckCache();
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #hermesHome: string | undefined;
  readonly #env: DispatchEnvironment;
  readonly #reportCheckFailure: (fn: CheckFn, error: unknown) => void;
  readonly #recordFor = (fn: CheckFn): CheckRecord => this.#checks.recordFor(fn);
  readonly #toolsetIndex: ReadonlyMap<string, ReadonlySet<string>>;
  #checkGeneration = 0;
  /** Options of the last tool built: the next one shares them when it sets the same. */
  #lastOptions: ToolOptions = NO_TOOL_OPTIONS;

  constructor(options: ToolRegistryOptions = {}) {
    this.#logger = options.logger ?? createStderrLogger({ level: "warn", name: "hermes-registry" });
    this.#now = options.now ?? Date.now;
    this.#hermesHome = options.hermesHome;
    this.#catalog = new ToolCatalog(this.#logger);
    this.#toolsetIndex = readonlyIndexView(this.#catalog.toolsets);
    const maxChars = options.defaultMaxResultSizeChars ?? DEFAULT_MAX_RESULT_CHARS;
    const timeoutMs = options.defaultTimeoutMs ?? DEFAULT_DISPATCH_TIMEOUT_MS;
    if (typeof timeoutMs !== "number" || Number.isNaN(timeoutMs) || timeoutMs <= 0) {
      throw new RangeError(
        `defaultTimeoutMs must be a positive number of milliseconds (Infinity for none), got ${String(timeoutMs)}`,
      );
    }
    const bounded = Number.isFinite(timeoutMs) && timeoutMs <= MAX_TIMER_MS;
    const abortGraceMs = options.abortGraceMs ?? DEFAULT_ABORT_GRACE_MS;
    if (typeof abortGraceMs !== "number" || !(abortGraceMs >= 0) || abortGraceMs > MAX_TIMER_MS) {
      throw new RangeError(
        `abortGraceMs must be a number of milliseconds from 0 to ${MAX_TIMER_MS}, got ${String(abortGraceMs)}`,
      );
    }
    this.#env = {
      logger: this.#logger,
      compiler: sharedSchemaCompiler,
      defaultTimeoutMs: timeoutMs,
      abortGraceMs,
      deadlines: bounded ? new DeadlineQueue(timeoutMs) : undefined,
      links: new SignalLinks(),
      defaultMaxResultChars: maxChars,
      hermesHome: () => resolveHermesHome({ explicit: this.#hermesHome }),
    };
    this.#reportCheckFailure = (fn, error) =>
      this.#logger.debug(`Availability check ${fn.name || "(anonymous)"} failed: ${String(error)}`);
  }

  /** Counter bumped by every change (register, deregister, alias); use it as a cache key. */
  get generation(): number {
    return this.#catalog.generation;
  }

  /** The logger this registry reports to. */
  get logger(): Logger {
    return this.#logger;
  }

  /** The Hermes home used for spill files: the option, else `HERMES_HOME`, else `~/.hermes`. */
  get hermesHome(): string {
    return resolveHermesHome({ explicit: this.#hermesHome });
  }

  /**
   * Register a tool. Same name and toolset replaces the old entry (a reload). A name taken by
   * another toolset is refused with a logged error, unless both toolsets are MCP servers
   * (`mcp-` prefix) or `override` is set; the tool displaced by an override returns when the
   * overriding tool is deregistered.
   * @returns true when the tool is now registered, false when it was refused.
   * @throws {@link RegistryError} when the spec, schema or parameters are invalid (the message names the tool).
   */
  register<Args>(spec: ToolSpec<Args>): boolean {
    const tool = createTool(
      spec as ToolSpec<unknown>,
      this.#recordFor,
      this.#lastOptions,
      // A spec that is not an object is refused by createTool; `?.` keeps that error.
      this.#catalog.tools.get((spec as Partial<ToolSpec<Args>> | null | undefined)?.name ?? ""),
    );
    this.#lastOptions = tool.options;
    return this.#catalog.add(tool, spec.override === true);
  }

  /** Remove a tool; an override's displaced tool comes back. Returns false when the name is unknown. */
  deregister(name: string): boolean {
    return this.#catalog.remove(name);
  }

  /** Make `alias` another name for `toolset` (an MCP server name for `mcp-<server>`, say). */
  registerToolsetAlias(alias: string, toolset: string): void {
    this.#catalog.addAlias(alias, toolset);
  }

  /** The toolset an alias points to, or undefined. */
  resolveToolsetAlias(name: string): string | undefined {
    return this.#catalog.aliases.get(name);
  }

  /** Every alias and the toolset it points to. */
  getToolsetAliases(): Record<string, string> {
    return Object.fromEntries(this.#catalog.aliases);
  }

  /**
   * The definitions of the named tools that are available, sorted by name, as the model API
   * expects them. Unknown names are skipped. Each check runs at most once per call (shared checks
   * too) and its result is cached for 30 s; a check failing within 60 s of its last success still
   * counts as passing. The objects returned are frozen and shared between calls: copy before
   * changing. Cost is linear in the number of tools.
   */
  getDefinitions(names: Iterable<string>, options: DefinitionOptions = {}): ToolDefinition[] {
    const pass = this.#checks.beginPass();
    const now = this.#now();
    const quiet = options.quiet === true;
    const out: ToolDefinition[] = [];
    this.#catalog.forEachSelected(names, (tool) => {
      const check = tool.checkRecord;
      if (
        check !== undefined &&
        !this.#checks.evaluate(check, now, pass, this.#reportCheckFailure)
      ) {
        if (!quiet) this.#logger.debug(`Tool '${tool.name}' left out: its check failed`);
        return;
      }
      out.push(
        tool.options.dynamicSchemaOverrides === undefined
          ? tool.definition
          : this.#dynamicDefinition(tool),
      );
    });
    return out;
  }

  #dynamicDefinition(tool: PreparedTool): ToolDefinition {
    const { name } = tool;
    let overrides: Readonly<Record<string, unknown>> | null | undefined;
    try {
      overrides = tool.options.dynamicSchemaOverrides?.();
    } catch (error) {
      this.#logger.warn(
        `Tool '${name}': dynamic schema overrides failed, using the static schema: ${String(error)}`,
      );
      return tool.definition;
    }
    if (typeof overrides !== "object" || overrides === null) return tool.definition;
    let copy: Record<string, unknown>;
    try {
      // A private copy: the tool may hand back the same objects on every call, and a caller
      // changing one definition must not change the next.
      copy = structuredClone(overrides);
    } catch (error) {
      this.#logger.warn(
        `Tool '${name}': dynamic schema overrides are not plain data, using the static schema: ${String(error)}`,
      );
      return tool.definition;
    }
    const merged = { ...tool.schema, ...copy, name } as FunctionSchema;
    return Object.freeze({ type: "function", function: deepFreeze(merged) });
  }

  /**
   * Call a tool. Always resolves: an unknown tool, invalid arguments, a thrown error, an abort or
   * a timeout all become a JSON `{"error": ...}` string. Resolves to the handler's string, or its
   * multimodal result object unchanged.
   */
  dispatch(name: string, args: unknown, ctx?: DispatchContext): Promise<ToolOutput> {
    const given: unknown = name;
    if (typeof given !== "string") {
      return Promise.resolve(
        dispatchError(`Tool name must be a string, got ${given === null ? "null" : typeof given}`),
      );
    }
    const tool = this.#catalog.tools.get(name);
    if (tool === undefined) return Promise.resolve(dispatchError(`Unknown tool: ${name}`));
    return dispatchTool(tool, args, ctx, this.#env);
  }

  /** The entry of a tool, or undefined. */
  getEntry(name: string): ToolEntry | undefined {
    return this.#catalog.tools.get(name)?.entry;
  }

  /** True when a tool of that name is registered. */
  hasTool(name: string): boolean {
    return this.#catalog.tools.has(name);
  }

  /** The tool's function schema (frozen), or undefined. */
  getSchema(name: string): FunctionSchema | undefined {
    return this.#catalog.tools.get(name)?.schema;
  }

  /** Every tool name, sorted. */
  getAllToolNames(): string[] {
    return this.#catalog.sorted().map((tool) => tool.name);
  }

  /** The names of a toolset's tools (aliases resolved), sorted; empty for an unknown toolset. */
  getToolNamesForToolset(toolset: string): readonly string[] {
    return this.#catalog.namesOf(this.#catalog.resolve(toolset));
  }

  /**
   * Live index toolset → tool names, maintained on every change (no copy, no sort). It is a
   * read-only view: it has no methods that change it, whatever it is cast to.
   */
  getToolsetIndex(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.#toolsetIndex;
  }

  /** The toolset a tool belongs to, or undefined. */
  getToolsetForTool(name: string): string | undefined {
    return this.#catalog.tools.get(name)?.toolset;
  }

  /** Every toolset with at least one tool, sorted. */
  getRegisteredToolsetNames(): string[] {
    return [...this.#catalog.toolsets.keys()].sort();
  }

  /** The check a toolset uses: the first `checkFn` registered for it. */
  getToolsetCheck(toolset: string): CheckFn | undefined {
    return this.#catalog.toolsetChecks.get(this.#catalog.resolve(toolset));
  }

  /** True when some tool of the toolset has no check or a passing one. False for an unknown toolset. */
  isToolsetAvailable(toolset: string): boolean {
    return this.#toolsetAvailable(
      this.#catalog.resolve(toolset),
      this.#checks.beginPass(),
      this.#now(),
    );
  }

  #toolsetAvailable(toolset: string, pass: number, now: number): boolean {
    for (const name of this.#catalog.toolsets.get(toolset) ?? []) {
      const tool = this.#catalog.tools.get(name);
      if (tool === undefined) continue;
      const check = tool.checkRecord;
      if (check === undefined || this.#checks.evaluate(check, now, pass, this.#reportCheckFailure))
        return true;
    }
    return false;
  }

  /** Availability of every registered toolset. */
  checkToolsetRequirements(): Record<string, boolean> {
    const pass = this.#checks.beginPass();
    const now = this.#now();
    const out: Record<string, boolean> = {};
    for (const toolset of this.getRegisteredToolsetNames())
      out[toolset] = this.#toolsetAvailable(toolset, pass, now);
    return out;
  }

  /** Which toolsets are available, and for the others which env vars (from `requiresEnv`) are unset. */
  checkToolAvailability(
    env: Readonly<Record<string, string | undefined>> = process.env,
  ): ToolAvailability {
    const pass = this.#checks.beginPass();
    const now = this.#now();
    const available: string[] = [];
    const unavailable: UnavailableToolset[] = [];
    for (const toolset of this.getRegisteredToolsetNames()) {
      if (this.#toolsetAvailable(toolset, pass, now)) {
        available.push(toolset);
        continue;
      }
      const tools = this.#catalog.namesOf(toolset);
      const missing = new Set<string>();
      for (const name of tools) {
        for (const key of this.#catalog.tools.get(name)?.options.requiresEnv ?? []) {
          if (env[key] === undefined || env[key] === "") missing.add(key);
        }
      }
      unavailable.push({ name: toolset, envVars: [...missing].sort(), tools });
    }
    return { available, unavailable };
  }

  /** The tool's emoji, or `fallback` (default "⚡") when it has none or is unknown. */
  getEmoji(name: string, fallback: string = DEFAULT_TOOL_EMOJI): string {
    const emoji = this.#catalog.tools.get(name)?.options.emoji;
    return emoji === undefined || emoji === "" ? fallback : emoji;
  }

  /** The result cap of a tool: its own, else `fallback`, else the registry default (100 000). */
  getMaxResultSize(name: string, fallback?: number): number {
    return (
      this.#catalog.tools.get(name)?.options.maxResultSizeChars ??
      fallback ??
      this.#env.defaultMaxResultChars
    );
  }

  /**
   * Forget cached check results, so the next build runs every check. Bumps
   * {@link ToolRegistry.checkGeneration}, so caches of built definitions are dropped too.
   */
  invalidateCheckCache(): void {
    this.#checks.clear();
    this.#checkGeneration++;
  }

  /** Counter bumped by every {@link ToolRegistry.invalidateCheckCache}; use it in cache keys. */
  get checkGeneration(): number {
    return this.#checkGeneration;
  }
}
