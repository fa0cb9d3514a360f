import type { MemoryStore, MemoryTarget } from "./memory-store.js";

const TARGETS: ReadonlySet<string> = new Set(["memory", "user"]);

/** The `memory` tool: add / replace / remove on `MEMORY.md` or `USER.md`. */
export async function runMemoryTool(
  store: MemoryStore,
  args: Readonly<Record<string, unknown>>,
): Promise<string> {
  const action = typeof args.action === "string" ? args.action.trim().toLowerCase() : "";
  const target = typeof args.target === "string" ? args.target.trim().toLowerCase() : "memory";
  if (!TARGETS.has(target)) {
    return JSON.stringify({
      success: false,
      error: `Invalid memory target '${String(args.target)}'. Use 'memory' or 'user'.`,
    });
  }
  const content = typeof args.content === "string" ? args.content : "";
  const oldText = typeof args.old_text === "string" ? args.old_text : "";
  const chosen = target as MemoryTarget;
  let result: Readonly<Record<string, unknown>>;
  switch (action) {
    case "add":
      result = await store.add(chosen, content);
      break;
    case "replace":
      result = await store.replace(chosen, oldText, content);
      break;
    case "remove":
      result = await store.remove(chosen, oldText);
      break;
    default:
      result = {
        success: false,
        error: `Unknown action '${String(args.action)}'. Use add, replace or remove.`,
      };
  }
  return JSON.stringify(result);
}
