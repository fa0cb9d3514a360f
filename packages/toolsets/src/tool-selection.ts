import { HERMES_CORE_TOOLS } from "./core-tools.js";
import { resolveLegacyToolset } from "./legacy-toolsets.js";
import { collectToolset, isKnownToolset, type RegistryView } from "./resolve-toolset.js";
import { POSTURE_TOOLSETS } from "./toolset-catalog.js";

/** What decides the tool names of one `getToolDefinitions` call. */
export interface SelectionRequest {
  readonly enabledToolsets: readonly string[] | undefined;
  readonly disabledToolsets: readonly string[] | undefined;
  readonly kanbanTask: boolean;
  readonly view: RegistryView;
  /** Receives the Hermes-style report lines; undefined in quiet mode. */
  readonly lines: string[] | undefined;
}

const CORE = new Set(HERMES_CORE_TOOLS);

/**
 * Presets (`hermes-*`) and postures are the core list plus extras; disabling one must remove
 * only the extras, or `disabledToolsets: ["hermes-telegram"]` would take away terminal and files.
 */
function isCoreBased(name: string): boolean {
  return name.startsWith("hermes-") || POSTURE_TOOLSETS.has(name);
}

function resolved(name: string, view: RegistryView): Set<string> {
  const out = new Set<string>();
  collectToolset(name, view, new Set(), out);
  return out;
}

function listed(tools: Iterable<string>): string {
  const names = [...tools].sort();
  return names.length > 0 ? names.join(", ") : "no tools";
}

function enable(name: string, request: SelectionRequest, selected: Set<string>): void {
  const { view, lines } = request;
  if (isKnownToolset(name, view)) {
    if (lines) {
      const tools = resolved(name, view);
      for (const tool of tools) selected.add(tool);
      lines.push(`✅ Enabled toolset '${name}': ${listed(tools)}`);
    } else {
      collectToolset(name, view, new Set(), selected);
    }
    return;
  }
  const legacy = resolveLegacyToolset(name);
  if (legacy) {
    for (const tool of legacy) selected.add(tool);
    lines?.push(`✅ Enabled legacy toolset '${name}': ${listed(legacy)}`);
    return;
  }
  lines?.push(`⚠️  Unknown toolset: ${name}`);
}

function disable(name: string, request: SelectionRequest, selected: Set<string>): void {
  const { view, lines } = request;
  let tools: Iterable<string>;
  if (isKnownToolset(name, view)) {
    const all = resolved(name, view);
    if (isCoreBased(name)) for (const tool of CORE) all.delete(tool);
    tools = all;
  } else {
    const legacy = resolveLegacyToolset(name);
    if (!legacy) {
      lines?.push(`⚠️  Unknown toolset: ${name}`);
      return;
    }
    tools = legacy;
  }
  for (const tool of tools) selected.delete(tool);
  if (lines) {
    const note = isCoreBased(name) ? " (platform tools only; core tools stay)" : "";
    lines.push(`🚫 Disabled toolset '${name}'${note}: ${listed(tools)}`);
  }
}

/**
 * The tool names a selection asks for: enabled toolsets (each a toolset, else a legacy
 * `*_tools` name, else reported unknown), or every toolset when none is given; then the
 * disabled toolsets are subtracted, last.
 */
export function selectToolNames(request: SelectionRequest): Set<string> {
  const selected = new Set<string>();
  const { enabledToolsets, view } = request;
  if (enabledToolsets === undefined) {
    collectToolset("all", view, new Set(), selected);
  } else {
    for (const name of enabledToolsets) enable(name, request, selected);
    if (request.kanbanTask) enable("kanban", request, selected);
  }
  for (const name of request.disabledToolsets ?? []) disable(name, request, selected);
  return selected;
}
