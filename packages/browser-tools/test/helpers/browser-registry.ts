import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import {
  registerBrowserTools,
  type BrowserToolsDeps,
  type BrowserToolsHandle,
} from "../../src/index.js";

/** A registry with the browser tools and a helper that calls one and parses its JSON. */
export interface BrowserHarness {
  readonly registry: ToolRegistry;
  readonly handle: BrowserToolsHandle;
  readonly home: string;
  call(
    name: string,
    args?: Record<string, unknown>,
    taskId?: string,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Build a harness; config defaults let the browser open loopback pages. */
export function browserHarness(deps: Partial<BrowserToolsDeps> = {}): BrowserHarness {
  const registry = new ToolRegistry();
  const home = mkdtempSync(path.join(tmpdir(), "browser-tools-home-"));
  const handle = registerBrowserTools(registry, {
    config: { browser: { allow_private_urls: true, command_timeout: 10 } },
    hermesHome: home,
    logger: silentLogger,
    ...deps,
  });
  return {
    registry,
    handle,
    home,
    async call(name, args = {}, taskId = "t1") {
      const out = await registry.dispatch(name, args, { taskId });
      if (typeof out !== "string") throw new Error(`unexpected multimodal result from ${name}`);
      return JSON.parse(out) as Record<string, unknown>;
    },
    async close() {
      await handle.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The ref of the first snapshot line that contains `text`. */
export function refOf(snapshot: unknown, text: string): string {
  const line = String(snapshot)
    .split("\n")
    .find((l) => l.includes(text) && l.includes("[ref="));
  const match = line === undefined ? null : /\[ref=(e\d+)\]/.exec(line);
  if (match?.[1] === undefined) throw new Error(`no ref for ${text} in:\n${String(snapshot)}`);
  return `@${match[1]}`;
}
