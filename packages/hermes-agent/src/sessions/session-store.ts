import { randomBytes } from "node:crypto";
import { mkdir, stat } from "node:fs/promises";
import {
  appendRecords,
  assertSessionId,
  listSessionIds,
  readRecordAt,
  readSessionFile,
  sessionFilePath,
  type SessionHeader,
  type SessionMessage,
  type SessionMessageRecord,
} from "./session-file.js";
import { SessionIndex, searchableText, type IndexHit } from "./session-index.js";

/** What a new session records about itself. */
export interface NewSessionOptions {
  /** Default: `YYYYMMDD_HHMMSS_<hex>` of now. */
  readonly id?: string;
  /** Where it runs (`cli`, `chat`, `delegate`, ...); default `cli`. */
  readonly source?: string;
  readonly model?: string;
  readonly parent?: string;
}

/** Options of {@link SessionStore.search}. */
export interface SessionSearchOptions {
  readonly query: string;
  /** Sessions to return (1-10, default 3). */
  readonly limit?: number;
  /** Only messages of these roles. */
  readonly roles?: readonly string[];
  /** Leave this session out (the one asking). */
  readonly excludeSessionId?: string;
}

/** One passage of a matching session. */
export interface SessionSnippet {
  readonly role: string;
  /** ISO time of the message. */
  readonly when: string;
  readonly text: string;
}

/** A session that matched a search. */
export interface SessionSearchHit {
  readonly session_id: string;
  /** ISO time the session started. */
  readonly when: string;
  readonly source: string;
  readonly model?: string;
  readonly score: number;
  readonly matches: number;
  readonly snippets: readonly SessionSnippet[];
}

/** Longest search result, sessions. */
export const MAX_SEARCH_SESSIONS = 10;
const SNIPPETS_PER_SESSION = 3;
const SNIPPET_RADIUS = 120;

function newSessionId(now: Date): string {
  const pad = (value: number): string => String(value).padStart(2, "0");
  const stamp = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}_${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  return `${stamp}_${randomBytes(3).toString("hex")}`;
}

/** The part of `text` around the first query term it contains, on one line. */
export function snippetOf(text: string, terms: readonly string[]): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const term of terms) {
    const found = lower.indexOf(term.toLowerCase());
    if (found !== -1 && (at === -1 || found < at)) at = found;
  }
  const start = Math.max(0, (at === -1 ? 0 : at) - SNIPPET_RADIUS);
  const end = Math.min(text.length, (at === -1 ? 0 : at) + SNIPPET_RADIUS * 2);
  const body = text.slice(start, end).replace(/\s+/g, " ").trim();
  return `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`;
}

/**
 * Every session's messages under `<HERMES_HOME>/sessions`: one append-only JSONL file per
 * session (crash-safe: whole lines in one append, torn tails skipped), and a full-text index
 * over all of them for `session_search`.
 */
export class SessionStore {
  readonly directory: string;
  readonly #index: SessionIndex;
  readonly #writes = new Map<string, Promise<unknown>>();
  readonly #created = new Set<string>();

  constructor(directory: string) {
    this.directory = directory;
    this.#index = new SessionIndex(directory);
  }

  /** Start a session file with its header; returns the session id. */
  async create(options: NewSessionOptions = {}): Promise<string> {
    const id = options.id ?? newSessionId(new Date());
    assertSessionId(id);
    const header: SessionHeader = {
      type: "session",
      id,
      created_at: new Date().toISOString(),
      source: options.source ?? "cli",
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(options.parent === undefined ? {} : { parent: options.parent }),
    };
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const file = sessionFilePath(this.directory, id);
    const exists = await stat(file).then(
      () => true,
      () => false,
    );
    if (!exists) await this.#serialized(id, () => appendRecords(file, [header]));
    this.#created.add(id);
    return id;
  }

  /** Append messages to a session (created on first use with default metadata). */
  async append(sessionId: string, messages: readonly SessionMessage[]): Promise<void> {
    assertSessionId(sessionId);
    if (messages.length === 0) return;
    if (!this.#created.has(sessionId)) await this.create({ id: sessionId });
    const ts = new Date().toISOString();
    const records: SessionMessageRecord[] = messages.map((message) => ({
      type: "message",
      ts,
      ...message,
    }));
    await this.#serialized(sessionId, () =>
      appendRecords(sessionFilePath(this.directory, sessionId), records),
    );
  }

  /** The header and messages of a session. */
  async read(
    sessionId: string,
  ): Promise<{ header: SessionHeader | undefined; messages: SessionMessageRecord[] }> {
    assertSessionId(sessionId);
    const contents = await readSessionFile(sessionFilePath(this.directory, sessionId));
    return {
      header: contents.header,
      messages: contents.messages.map((message) => message.record),
    };
  }

  /** Every session id, oldest first. */
  list(): Promise<string[]> {
    return listSessionIds(this.directory);
  }

  /** Sessions whose messages match the query, best first, with dates and snippets. */
  async search(options: SessionSearchOptions): Promise<SessionSearchHit[]> {
    await Promise.all([...this.#writes.values()]);
    await this.#index.refresh();
    const roles =
      options.roles === undefined || options.roles.length === 0
        ? undefined
        : new Set(options.roles);
    const hits = this.#index.search(
      options.query,
      (hit) =>
        hit.sessionId !== options.excludeSessionId && (roles === undefined || roles.has(hit.role)),
    );
    const bySession = new Map<string, IndexHit[]>();
    for (const hit of hits) {
      const list = bySession.get(hit.sessionId);
      if (list === undefined) bySession.set(hit.sessionId, [hit]);
      else list.push(hit);
    }
    const limit = Math.min(MAX_SEARCH_SESSIONS, Math.max(1, options.limit ?? 3));
    const ranked = [...bySession.entries()]
      .map(([sessionId, list]) => ({
        sessionId,
        list,
        score: list.reduce((sum, hit) => sum + hit.score, 0),
      }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    return Promise.all(
      ranked.map(async ({ sessionId, list, score }) => {
        const header = this.#index.header(sessionId);
        const file = sessionFilePath(this.directory, sessionId);
        const snippets: SessionSnippet[] = [];
        for (const hit of list.slice(0, SNIPPETS_PER_SESSION)) {
          const record = await readRecordAt(file, hit.offset, hit.length);
          if (record === undefined) continue;
          snippets.push({
            role: hit.role,
            when: hit.ts,
            text: snippetOf(searchableText(record), hit.terms),
          });
        }
        return {
          session_id: sessionId,
          when: header?.created_at ?? list[0]?.ts ?? "",
          source: header?.source ?? "unknown",
          ...(header?.model === undefined ? {} : { model: header.model }),
          score: Math.round(score * 100) / 100,
          matches: list.length,
          snippets,
        };
      }),
    );
  }

  /** How many sessions the index covered at the last search. */
  get indexedSessions(): number {
    return this.#index.sessionCount;
  }

  /** Wait for every pending append. */
  async flush(): Promise<void> {
    await Promise.all([...this.#writes.values()]);
  }

  #serialized(sessionId: string, write: () => Promise<void>): Promise<void> {
    const previous = this.#writes.get(sessionId) ?? Promise.resolve();
    const next = previous.then(write, write);
    const settled = next.catch(() => undefined);
    this.#writes.set(sessionId, settled);
    void settled.then(() => {
      if (this.#writes.get(sessionId) === settled) this.#writes.delete(sessionId);
    });
    return next;
  }
}
