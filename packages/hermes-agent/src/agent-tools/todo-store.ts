/** Status of a todo item. */
export type TodoStatus = "pending" | "in_progress" | "completed" | "cancelled";

/** One item of a session's task list. */
export interface TodoItem {
  readonly id: string;
  readonly content: string;
  readonly status: TodoStatus;
}

/** Most items a list keeps (the head, which is the priority order, wins). */
export const MAX_TODO_ITEMS = 256;
/** Longest item text kept; longer text is cut with a marker. */
export const MAX_TODO_CONTENT_CHARS = 4000;

const STATUSES: ReadonlySet<string> = new Set(["pending", "in_progress", "completed", "cancelled"]);
const CUT_MARKER = "… [truncated]";

function cap(content: string): string {
  return content.length <= MAX_TODO_CONTENT_CHARS
    ? content
    : content.slice(0, MAX_TODO_CONTENT_CHARS - CUT_MARKER.length) + CUT_MARKER;
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
}

function statusOf(value: unknown, fallback: TodoStatus): TodoStatus {
  const status = text(value).toLowerCase();
  return STATUSES.has(status) ? (status as TodoStatus) : fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A full, valid item from what the model sent (missing parts get Hermes' placeholders). */
function normalize(raw: unknown): TodoItem {
  if (!isRecord(raw)) return { id: "?", content: "(invalid item)", status: "pending" };
  const content = text(raw.content);
  return {
    id: text(raw.id) || "?",
    content: content === "" ? "(no description)" : cap(content),
    status: statusOf(raw.status, "pending"),
  };
}

/** Items sharing an id collapse into the last one, kept at its own position. */
function lastOfEachId(items: readonly unknown[]): unknown[] {
  const lastIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const id = isRecord(item) ? text(item.id) : "";
    lastIndex.set(id === "" ? `\u0000${index}` : id, index);
  });
  return [...lastIndex.values()].sort((a, b) => a - b).map((index) => items[index]);
}

/** The in-memory task list of one session. List order is priority. */
export class TodoStore {
  #items: TodoItem[] = [];
  #revision = 0;

  /** A copy of the list. */
  read(): TodoItem[] {
    return this.#items.map((item) => ({ ...item }));
  }

  /** Bumped by every write that changed the list. */
  get revision(): number {
    return this.#revision;
  }

  /**
   * Replace the list, or with `merge` update items by id (only the fields given) and append new
   * ones. Returns the whole list afterwards.
   */
  write(todos: readonly unknown[], merge: boolean): TodoItem[] {
    const before = JSON.stringify(this.#items);
    const incoming = lastOfEachId(todos);
    if (!merge) {
      this.#items = incoming.map(normalize);
    } else {
      const byId = new Map(this.#items.map((item) => [item.id, item]));
      const order = this.#items.map((item) => item.id);
      for (const raw of incoming) {
        const id = isRecord(raw) ? text(raw.id) : "";
        if (id === "") continue;
        const existing = byId.get(id);
        if (existing === undefined) {
          byId.set(id, normalize(raw));
          order.push(id);
          continue;
        }
        const record = raw as Record<string, unknown>;
        const content = text(record.content);
        byId.set(id, {
          id,
          content: content === "" ? existing.content : cap(content),
          status: statusOf(record.status, existing.status),
        });
      }
      this.#items = order.map((id) => byId.get(id) as TodoItem);
    }
    if (this.#items.length > MAX_TODO_ITEMS) this.#items = this.#items.slice(0, MAX_TODO_ITEMS);
    if (JSON.stringify(this.#items) !== before) this.#revision++;
    return this.read();
  }

  /**
   * The active items (pending, in progress) as text, for re-injection after the context is
   * compressed; undefined when nothing is active.
   */
  formatActive(): string | undefined {
    const marks: Record<TodoStatus, string> = {
      pending: "[ ]",
      in_progress: "[>]",
      completed: "[x]",
      cancelled: "[~]",
    };
    const lines = this.#items
      .filter((item) => item.status === "pending" || item.status === "in_progress")
      .map((item) => `- ${marks[item.status]} ${item.id}. ${item.content} (${item.status})`);
    return lines.length === 0 ? undefined : ["Your task list:", ...lines].join("\n");
  }
}
