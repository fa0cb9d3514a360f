import type { TodoStore } from "./todo-store.js";

/**
 * The `todo` tool over a session's store: with `todos` it writes (replace, or merge by id),
 * without it reads. Returns the whole list and counts per status, as Hermes does.
 */
export function runTodoTool(store: TodoStore, args: Readonly<Record<string, unknown>>): string {
  let todos = args.todos;
  if (todos !== undefined && todos !== null) {
    if (typeof todos === "string") {
      try {
        todos = JSON.parse(todos) as unknown;
      } catch {
        return JSON.stringify({ error: "todos must be a list of objects, got unparseable string" });
      }
    }
    if (!Array.isArray(todos)) {
      return JSON.stringify({
        error: `todos must be a list of {id, content, status} objects, got ${typeof todos}`,
      });
    }
    store.write(todos, args.merge === true);
  }
  const items = store.read();
  const count = (status: string): number => items.filter((item) => item.status === status).length;
  return JSON.stringify({
    todos: items,
    revision: store.revision,
    summary: {
      total: items.length,
      pending: count("pending"),
      in_progress: count("in_progress"),
      completed: count("completed"),
      cancelled: count("cancelled"),
    },
  });
}
