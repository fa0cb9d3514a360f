import { appendFile, open, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { HermesAgentError, HermesAgentErrorCode } from "../hermes-agent-error.js";

/** The first record of every session file. */
export interface SessionHeader {
  readonly type: "session";
  readonly id: string;
  /** ISO time the session started. */
  readonly created_at: string;
  /** Where it ran (`cli`, `run`, `chat`, `delegate`, an application name, ...). */
  readonly source: string;
  readonly model?: string;
  /** The session that delegated this one, if any. */
  readonly parent?: string;
}

/** One message of a session, as the model API exchanged it. */
export interface SessionMessage {
  readonly role: "system" | "user" | "assistant" | "tool";
  readonly content: string | null;
  readonly tool_calls?: readonly unknown[];
  readonly tool_call_id?: string;
  readonly name?: string;
}

/** A message record in a session file. */
export interface SessionMessageRecord extends SessionMessage {
  readonly type: "message";
  /** ISO time it was recorded. */
  readonly ts: string;
}

/** A message read back, with where its line starts in the file. */
export interface StoredMessage {
  readonly record: SessionMessageRecord;
  /** Byte offset of the record's line. */
  readonly offset: number;
  /** Byte length of the line (without the newline). */
  readonly length: number;
}

/** What reading a session file gives. */
export interface SessionFileContents {
  readonly header: SessionHeader | undefined;
  readonly messages: StoredMessage[];
  /** Bytes of complete lines; a torn last line (a crash mid-write) is not counted. */
  readonly validBytes: number;
}

/** Session ids are file names: letters, digits, `_`, `-`, `.`, at most 128, not starting with a dot. */
export const SESSION_ID_PATTERN: RegExp = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/** Throw a clear error unless `id` can name a session file. */
export function assertSessionId(id: string): void {
  if (!SESSION_ID_PATTERN.test(id)) {
    throw new HermesAgentError(
      HermesAgentErrorCode.InvalidOption,
      `Invalid session id '${id}': use letters, digits, '_', '-' and '.', at most 128 characters, not starting with '.'`,
    );
  }
}

/** Path of a session's file in `directory`. */
export function sessionFilePath(directory: string, id: string): string {
  return path.join(directory, `${id}.jsonl`);
}

/** The ids of every session file in `directory` (none when it does not exist). */
export async function listSessionIds(directory: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => name.slice(0, -".jsonl".length))
    .filter((id) => SESSION_ID_PATTERN.test(id))
    .sort();
}

/** Where each file ended after this process's last append to it (one small entry per session file written). */
const appendedEnds = new Map<string, number>();

/**
 * Append records to a session file as complete lines in one write (`O_APPEND`), so concurrent
 * appenders never interleave inside a line and a crash can only tear the last line, which
 * readers skip. When the file ends in a torn line, the new records start on a fresh line.
 */
export async function appendRecords(file: string, records: readonly object[]): Promise<void> {
  let prefix = "";
  const info = await stat(file).catch(() => undefined);
  // A file that still ends where this process's last append left it ends with that append's
  // newline; otherwise (another writer, a crash mid-line) its last byte is read.
  if (info !== undefined && info.size > 0 && info.size !== appendedEnds.get(file)) {
    const handle = await open(file, "r");
    try {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, info.size - 1);
      if (last[0] !== 0x0a) prefix = "\n";
    } finally {
      await handle.close();
    }
  }
  const text = prefix + records.map((record) => `${JSON.stringify(record)}\n`).join("");
  await appendFile(file, text, { encoding: "utf8", mode: 0o600, flag: "a" });
  appendedEnds.set(file, (info?.size ?? 0) + Buffer.byteLength(text));
}

/** Read a session file from byte `from` (default 0); lines that are not valid records are skipped. */
export async function readSessionFile(file: string, from = 0): Promise<SessionFileContents> {
  const buffer = await readFile(file);
  let header: SessionHeader | undefined;
  const messages: StoredMessage[] = [];
  let start = from;
  let validBytes = from;
  while (start < buffer.length) {
    const end = buffer.indexOf(0x0a, start);
    if (end === -1) break;
    const line = buffer.toString("utf8", start, end);
    validBytes = end + 1;
    try {
      const record = JSON.parse(line) as { type?: unknown };
      if (record.type === "session" && header === undefined) header = record as SessionHeader;
      else if (record.type === "message") {
        messages.push({
          record: record as SessionMessageRecord,
          offset: start,
          length: end - start,
        });
      }
    } catch {
      // A line torn by a crash and completed by a later append: not a record, skip it.
    }
    start = end + 1;
  }
  return { header, messages, validBytes };
}

/** Read one record line back by its offset and length. */
export async function readRecordAt(
  file: string,
  offset: number,
  length: number,
): Promise<SessionMessageRecord | undefined> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, offset);
    return JSON.parse(buffer.toString("utf8")) as SessionMessageRecord;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
