import { createHash } from "node:crypto";

/** Longest tool name the model APIs accept. */
export const MAX_TOOL_NAME_LENGTH = 64;
const HASH_LENGTH = 8;

/** Replace every character outside `[A-Za-z0-9_]` with `_` (`my-server` → `my_server`). */
export function sanitizeMcpNameComponent(value: string): string {
  return value.replace(/[^A-Za-z0-9_]/g, "_");
}

/**
 * Clamp a tool name to 64 characters. A longer name keeps its head and ends with `_` and 8 hex
 * digits of the SHA-256 of the whole name, so the result is stable and distinct long names stay
 * distinct.
 */
export function clampToolName(name: string): string {
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, HASH_LENGTH);
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}

/** The registered name of a server's tool: `mcp__<server>__<tool>`, sanitised and clamped. */
export function mcpToolName(server: string, tool: string): string {
  return clampToolName(
    `mcp__${sanitizeMcpNameComponent(server)}__${sanitizeMcpNameComponent(tool)}`,
  );
}

/** The toolset of a server's tools: `mcp-<server>` (the server name as written). */
export function mcpToolsetName(server: string): string {
  return `mcp-${server}`;
}
