import { getToolsetNames, resolveToolset, validateToolset } from "@hermes-agent/toolsets";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { CliExit, err, type CliIo } from "./cli-io.js";
import { closeNames } from "./close-names.js";

function lookup(runtime: HermesRuntime) {
  return { registry: runtime.registry, catalog: runtime.toolsets };
}

/**
 * Whether a toolset name means anything here: a built-in, custom or composite toolset, `all`,
 * a registered plugin or MCP toolset, or `mcp-<server>` of a server in config.yaml (whose tools
 * may not be registered yet).
 */
function isKnown(runtime: HermesRuntime, name: string): boolean {
  if (validateToolset(name, lookup(runtime))) return true;
  return name.startsWith("mcp-") && Object.hasOwn(runtime.config.mcp_servers, name.slice(4));
}

/** What to say about an unknown toolset: close names, and where the list is. */
function unknownToolsetMessage(runtime: HermesRuntime, name: string): string {
  const close = closeNames(name, getToolsetNames(lookup(runtime)));
  return `unknown toolset '${name}'.${close.length > 0 ? ` Did you mean: ${close.join(", ")}?` : ""} 'hermes-agent toolsets' lists them.`;
}

/** A warning on standard error for each name of `names` that is no toolset (`--toolsets`). */
export function warnUnknownToolsets(
  io: CliIo,
  runtime: HermesRuntime,
  names: readonly string[] | undefined,
): void {
  for (const name of names ?? []) {
    if (!isKnown(runtime, name)) err(io, `warning: ${unknownToolsetMessage(runtime, name)}`);
  }
}

/**
 * The tools of one toolset for `tools --toolset`: a composite one (`hermes-cli`, `debugging`)
 * resolves to every tool it includes. An unknown name fails (exit 1) with close names.
 */
export function toolsOfToolset(runtime: HermesRuntime, name: string): ReadonlySet<string> {
  if (!isKnown(runtime, name)) {
    const message = unknownToolsetMessage(runtime, name);
    throw new CliExit(`${message.charAt(0).toUpperCase()}${message.slice(1)}`);
  }
  return new Set(resolveToolset(name, lookup(runtime)));
}
