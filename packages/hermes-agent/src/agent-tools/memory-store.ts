import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@hermes-agent/config";
import { HermesAgentError, HermesAgentErrorCode } from "../hermes-agent-error.js";
import { scanMemoryEntry } from "./memory-scan.js";

/** Which memory file: the agent's notes (`MEMORY.md`) or the user profile (`USER.md`). */
export type MemoryTarget = "memory" | "user";

/** Hermes' character limits of the two files (entries joined by the separator). */
export const MEMORY_CHAR_LIMITS: Readonly<Record<MemoryTarget, number>> = {
  memory: 2200,
  user: 1375,
};

/** What separates entries in a memory file. */
export const ENTRY_SEPARATOR = "\n§\n";

const FILES: Readonly<Record<MemoryTarget, string>> = { memory: "MEMORY.md", user: "USER.md" };

/** The entries of both files at one moment; what goes into a session's system prompt. */
export interface MemorySnapshot {
  readonly memory: readonly string[];
  readonly user: readonly string[];
}

/** The outcome of one memory action, in Hermes' result shape. */
export type MemoryActionResult = Readonly<Record<string, unknown>>;

/** Options of {@link MemoryStore}. */
export interface MemoryStoreOptions {
  /** Directory of the files (`<HERMES_HOME>/memories`). */
  readonly directory: string;
  /** Overrides of {@link MEMORY_CHAR_LIMITS}. */
  readonly limits?: Partial<Record<MemoryTarget, number>>;
}

function joinedLength(entries: readonly string[]): number {
  return entries.join(ENTRY_SEPARATOR).length;
}

/**
 * `MEMORY.md` and `USER.md`: add, replace and remove entries within the character limits, with
 * every new text scanned, and every change written atomically (write then rename). Each change
 * re-reads the file first, so edits by another process in between are kept.
 */
export class MemoryStore {
  readonly directory: string;
  readonly limits: Readonly<Record<MemoryTarget, number>>;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: MemoryStoreOptions) {
    this.directory = options.directory;
    this.limits = { ...MEMORY_CHAR_LIMITS, ...options.limits };
  }

  /** Path of a target's file. */
  fileOf(target: MemoryTarget): string {
    return path.join(this.directory, FILES[target]);
  }

  /** The entries of one file (none when it does not exist). */
  async entries(target: MemoryTarget): Promise<string[]> {
    let text: string;
    try {
      text = await readFile(this.fileOf(target), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw new HermesAgentError(
        HermesAgentErrorCode.MemoryStore,
        `Cannot read ${this.fileOf(target)}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    return text
      .split(ENTRY_SEPARATOR)
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
  }

  /** Both files now, frozen: take it at session start for the system prompt. */
  async snapshot(): Promise<MemorySnapshot> {
    const [memory, user] = await Promise.all([this.entries("memory"), this.entries("user")]);
    return Object.freeze({ memory: Object.freeze(memory), user: Object.freeze(user) });
  }

  /** Add an entry. */
  add(target: MemoryTarget, content: string): Promise<MemoryActionResult> {
    return this.#change(target, (entries) => {
      const text = content.trim();
      if (text === "") return { error: "content is required for 'add' and must not be empty." };
      const refused = this.#refusal(text);
      if (refused !== undefined) return refused;
      if (entries.includes(text))
        return { entries, message: "Entry already exists; nothing added." };
      const next = [...entries, text];
      const over = this.#overLimit(target, entries, next, text.length, "Adding");
      return over ?? { entries: next, message: "Entry added." };
    });
  }

  /** Replace the one entry containing `oldText` with `content`. */
  replace(target: MemoryTarget, oldText: string, content: string): Promise<MemoryActionResult> {
    return this.#change(target, (entries) => {
      const text = content.trim();
      if (text === "") {
        return { error: "content is required for 'replace'; to delete an entry use 'remove'." };
      }
      const found = this.#findOne(entries, oldText);
      if (typeof found !== "number") return found;
      const refused = this.#refusal(text);
      if (refused !== undefined) return refused;
      const next = entries.map((entry, index) => (index === found ? text : entry));
      const over = this.#overLimit(target, entries, next, text.length, "Replacing with");
      return over ?? { entries: next, message: "Entry replaced." };
    });
  }

  /** Remove the one entry containing `oldText`. */
  remove(target: MemoryTarget, oldText: string): Promise<MemoryActionResult> {
    return this.#change(target, (entries) => {
      const found = this.#findOne(entries, oldText);
      if (typeof found !== "number") return found;
      return { entries: entries.filter((_, index) => index !== found), message: "Entry removed." };
    });
  }

  /** Usage of a target as Hermes shows it, e.g. `1,234/2,200 chars (56%)`. */
  usage(target: MemoryTarget, entries: readonly string[]): string {
    const used = joinedLength(entries);
    const limit = this.limits[target];
    const percent = Math.round((used / limit) * 100);
    return `${used.toLocaleString("en-US")}/${limit.toLocaleString("en-US")} chars (${percent}%)`;
  }

  #refusal(text: string): { error: string } | undefined {
    const finding = scanMemoryEntry(text);
    if (finding === undefined) return undefined;
    return {
      error: `Memory entry refused: it ${finding.reason}. Memory is shown to every future session, so it must hold plain facts only.`,
    };
  }

  #findOne(entries: readonly string[], oldText: string): number | { error: string } {
    const needle = oldText.trim();
    if (needle === "")
      return { error: "old_text is required: a unique part of the entry to change." };
    const matches = entries.flatMap((entry, index) => (entry.includes(needle) ? [index] : []));
    if (matches.length === 0) return { error: `No entry matched '${needle}'.` };
    if (matches.length > 1) {
      return {
        error: `${matches.length} entries matched '${needle}'. Use a longer, unique part of the entry.`,
      };
    }
    return matches[0] as number;
  }

  #overLimit(
    target: MemoryTarget,
    before: readonly string[],
    after: readonly string[],
    entryChars: number,
    verb: string,
  ): { error: string } | undefined {
    const limit = this.limits[target];
    if (joinedLength(after) <= limit) return undefined;
    const label = target === "user" ? "User profile" : "Memory";
    return {
      error: `${label} at ${joinedLength(before).toLocaleString("en-US")}/${limit.toLocaleString("en-US")} chars. ${verb} this entry (${entryChars} chars) would exceed the limit. Replace or remove existing entries first.`,
    };
  }

  #change(
    target: MemoryTarget,
    apply: (entries: string[]) => { entries: string[]; message: string } | { error: string },
  ): Promise<MemoryActionResult> {
    const run = async (): Promise<MemoryActionResult> => {
      const entries = await this.entries(target);
      const outcome = apply(entries);
      if ("error" in outcome) return { success: false, target, error: outcome.error };
      if (outcome.entries !== entries) {
        await mkdir(this.directory, { recursive: true, mode: 0o700 });
        await writeFileAtomic(this.fileOf(target), outcome.entries.join(ENTRY_SEPARATOR) + "\n");
      }
      return {
        success: true,
        target,
        entries: outcome.entries,
        usage: this.usage(target, outcome.entries),
        entry_count: outcome.entries.length,
        message: outcome.message,
      };
    };
    const next = this.#queue.then(run, run);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}

/** The memory block of a system prompt, from a snapshot; empty when both files are empty. */
export function formatMemoryForPrompt(snapshot: MemorySnapshot, store: MemoryStore): string {
  const parts: string[] = [];
  if (snapshot.memory.length > 0) {
    parts.push(
      `MEMORY (your notes) [${store.usage("memory", snapshot.memory)}]\n${snapshot.memory.join(ENTRY_SEPARATOR)}`,
    );
  }
  if (snapshot.user.length > 0) {
    parts.push(
      `USER PROFILE [${store.usage("user", snapshot.user)}]\n${snapshot.user.join(ENTRY_SEPARATOR)}`,
    );
  }
  return parts.join("\n\n");
}
