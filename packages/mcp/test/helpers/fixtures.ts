import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isProcessAlive, killPids, waitUntil } from "@hermes-agent/test-utils";
import { silentLogger, type Logger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { createMcpManager, type McpManager, type McpManagerOptions } from "../../src/index.js";

const require = createRequire(import.meta.url);

/** The fixture server script. */
export const FIXTURE_SERVER: string = fileURLToPath(
  new URL("../fixtures/fixture-server.mjs", import.meta.url),
);

/** Entry scripts of the real servers from npm. */
export const EVERYTHING_SERVER: string = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);
export const FILESYSTEM_SERVER: string = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/server-filesystem/package.json")),
  "dist/index.js",
);

/** A stdio entry running the fixture server in `mode` with Node. */
export function fixtureEntry(
  mode: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { command: process.execPath, args: [FIXTURE_SERVER, mode], ...extra };
}

/** A logger that remembers every line, for asserting on what was reported. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: string) => void lines.push(`${level}: ${message}`);
  return {
    lines,
    debug: record("debug"),
    info: record("info"),
    warn: record("warn"),
    error: record("error"),
  };
}

/**
 * Managers, homes and pids created by a test file, cleaned up afterwards; `assertNoChildren`
 * checks by pid that every server child the managers started is gone.
 */
export class Harness {
  readonly managers: McpManager[] = [];
  readonly homes: string[] = [];
  readonly pids: Set<number> = new Set<number>();

  home(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), "hermes-mcp-test-"));
    this.homes.push(dir);
    return dir;
  }

  manager(
    servers: Record<string, unknown>,
    options: Partial<McpManagerOptions> = {},
  ): { manager: McpManager; registry: ToolRegistry; home: string } {
    const registry = options.registry ?? new ToolRegistry({ logger: silentLogger });
    const home = options.hermesHome ?? this.home();
    const manager = createMcpManager({
      logger: silentLogger,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      ...options,
      registry,
      hermesHome: home,
      servers,
    });
    this.managers.push(manager);
    return { manager, registry, home };
  }

  /** Remember the pids of running stdio children (call while they run). */
  track(manager: McpManager): number[] {
    const pids = manager.status().flatMap((s) => (s.pid === undefined ? [] : [s.pid]));
    for (const pid of pids) this.pids.add(pid);
    return pids;
  }

  async cleanup(): Promise<void> {
    for (const manager of this.managers) this.track(manager);
    await Promise.all(this.managers.map((m) => m.close()));
    this.managers.length = 0;
    for (const home of this.homes) rmSync(home, { recursive: true, force: true });
    this.homes.length = 0;
  }

  /** Every tracked child has exited; kills leftovers so a failure leaves nothing behind. */
  async assertNoChildren(): Promise<string[]> {
    const pids = [...this.pids];
    await waitUntil(() => pids.every((pid) => !isProcessAlive(pid)), { timeoutMs: 5_000 });
    const alive = pids.filter((pid) => isProcessAlive(pid));
    killPids(alive);
    return alive.map(String);
  }
}
