import { mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@hermes-agent/config";
import type MiniSearch from "minisearch";
import type { Options, SearchResult } from "minisearch";
import {
  listSessionIds,
  readSessionFile,
  sessionFilePath,
  type SessionHeader,
  type SessionMessageRecord,
} from "./session-file.js";

/** One indexed message: where to read it back, and what it was. */
interface IndexedMessage {
  readonly id: string;
  readonly sessionId: string;
  readonly role: string;
  readonly ts: string;
  readonly offset: number;
  readonly length: number;
  readonly content: string;
}

/** A hit: the message's location and role, and the query terms it matched. */
export interface IndexHit {
  readonly sessionId: string;
  readonly role: string;
  readonly ts: string;
  readonly offset: number;
  readonly length: number;
  readonly score: number;
  readonly terms: readonly string[];
}

interface IndexState {
  readonly version: 1;
  /** Bytes of each session file already indexed. */
  readonly files: Record<string, number>;
  readonly headers: Record<string, SessionHeader>;
}

const INDEX_VERSION = 1;
const OPTIONS: Options<IndexedMessage> = {
  fields: ["content"],
  storeFields: ["sessionId", "role", "ts", "offset", "length"],
};

/** The text of a message that search looks at: its content, and the tool calls it made. */
export function searchableText(record: SessionMessageRecord): string {
  const parts: string[] = [];
  if (typeof record.content === "string") parts.push(record.content);
  for (const call of record.tool_calls ?? []) {
    const fn = (call as { function?: { name?: unknown; arguments?: unknown } }).function;
    if (typeof fn?.name === "string") parts.push(fn.name);
    if (typeof fn?.arguments === "string") parts.push(fn.arguments);
  }
  return parts.join("\n");
}

let engine: typeof MiniSearch | undefined;

/** MiniSearch, imported at the first refresh: a runtime that never searches never loads it. */
async function loadEngine(): Promise<typeof MiniSearch> {
  return (engine ??= (await import("minisearch")).default);
}

/**
 * A full-text index (MiniSearch) over every session file in a directory. It is kept as a
 * snapshot next to the files with how many bytes of each file it covers, so a new process only
 * reads what was appended since; a file that shrank or vanished makes it rebuild from scratch.
 */
export class SessionIndex {
  readonly #directory: string;
  readonly #snapshotFile: string;
  #search: MiniSearch<IndexedMessage> | undefined;
  #state: IndexState = { version: INDEX_VERSION, files: {}, headers: {} };
  #dirty = false;
  #refreshing: Promise<unknown> = Promise.resolve();

  constructor(directory: string) {
    this.#directory = directory;
    this.#snapshotFile = path.join(directory, ".index", "minisearch.json");
  }

  /** The header of an indexed session. */
  header(sessionId: string): SessionHeader | undefined {
    return this.#state.headers[sessionId];
  }

  /** How many sessions the index covers. */
  get sessionCount(): number {
    return Object.keys(this.#state.files).length;
  }

  /** Bring the index up to date with the files (loading the snapshot on first use). */
  refresh(): Promise<void> {
    const next = this.#refreshing.then(() => this.#refresh());
    this.#refreshing = next.catch(() => undefined);
    return next;
  }

  async #refresh(): Promise<void> {
    const MiniSearchClass = await loadEngine();
    if (this.#search === undefined) await this.#load(MiniSearchClass);
    const ids = await listSessionIds(this.#directory);
    const present = new Set(ids);
    const vanished = Object.keys(this.#state.files).some((id) => !present.has(id));
    if (vanished) this.#reset(MiniSearchClass);
    for (const id of ids) {
      const file = sessionFilePath(this.#directory, id);
      const size = (await stat(file).catch(() => undefined))?.size;
      if (size === undefined) continue;
      const known = this.#state.files[id] ?? 0;
      if (size < known) {
        this.#reset(MiniSearchClass);
        return this.#refresh();
      }
      if (size > known) await this.#indexFile(id, file, known);
    }
    if (this.#dirty) await this.#save();
  }

  /** Messages matching `query` (any word, prefixes and small typos allowed), best first. */
  search(query: string, filter: (hit: { sessionId: string; role: string }) => boolean): IndexHit[] {
    if (this.#search === undefined) return [];
    const results = this.#search.search(query, {
      prefix: true,
      fuzzy: 0.2,
      combineWith: "OR",
      filter: (result: SearchResult) =>
        filter({ sessionId: String(result.sessionId), role: String(result.role) }),
    });
    return results.map((result) => ({
      sessionId: String(result.sessionId),
      role: String(result.role),
      ts: String(result.ts),
      offset: Number(result.offset),
      length: Number(result.length),
      score: result.score,
      terms: result.queryTerms,
    }));
  }

  async #indexFile(id: string, file: string, from: number): Promise<void> {
    const contents = await readSessionFile(file, from);
    const search = this.#search as MiniSearch<IndexedMessage>;
    if (contents.header !== undefined) this.#state.headers[id] = contents.header;
    const docs: IndexedMessage[] = [];
    for (const message of contents.messages) {
      const content = searchableText(message.record);
      if (content.trim() === "") continue;
      const docId = `${id}:${message.offset}`;
      if (search.has(docId)) continue;
      docs.push({
        id: docId,
        sessionId: id,
        role: message.record.role,
        ts: message.record.ts,
        offset: message.offset,
        length: message.length,
        content,
      });
    }
    search.addAll(docs);
    this.#state.files[id] = contents.validBytes;
    this.#dirty = true;
  }

  #reset(MiniSearchClass: typeof MiniSearch): void {
    this.#search = new MiniSearchClass<IndexedMessage>(OPTIONS);
    this.#state = { version: INDEX_VERSION, files: {}, headers: {} };
    this.#dirty = true;
  }

  async #load(MiniSearchClass: typeof MiniSearch): Promise<void> {
    try {
      const saved = JSON.parse(await readFile(this.#snapshotFile, "utf8")) as {
        state?: IndexState;
        index?: unknown;
      };
      if (saved.state?.version === INDEX_VERSION && saved.index !== undefined) {
        this.#search = MiniSearchClass.loadJSON<IndexedMessage>(
          JSON.stringify(saved.index),
          OPTIONS,
        );
        this.#state = saved.state;
        return;
      }
    } catch {
      // No snapshot yet, or an unreadable one: build from the files.
    }
    this.#reset(MiniSearchClass);
  }

  async #save(): Promise<void> {
    if (this.#search === undefined) return;
    await mkdir(path.dirname(this.#snapshotFile), { recursive: true, mode: 0o700 });
    await writeFileAtomic(
      this.#snapshotFile,
      JSON.stringify({ state: this.#state, index: this.#search.toJSON() }),
    );
    this.#dirty = false;
  }
}
