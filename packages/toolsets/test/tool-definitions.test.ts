import type { ToolDefinition } from "@hermes-agent/registry";
import { describe, expect, test } from "vitest";
import {
  getToolDefinitions,
  HERMES_CORE_TOOLS,
  KANBAN_TOOLS,
  TOOLSETS,
  type GetToolDefinitionsOptions,
} from "../src/index.js";
import { BROWSER_NAVIGATE_DESCRIPTION, EXECUTE_CODE_DESCRIPTION } from "./fixtures-schemas.js";
import { quietRegistry, registerBuiltins, registerTools } from "./helpers.js";

const DESCRIPTIONS = {
  execute_code: EXECUTE_CODE_DESCRIPTION,
  browser_navigate: BROWSER_NAVIGATE_DESCRIPTION,
};

/** A registry holding every core tool plus the Discord extras. */
function coreRegistry() {
  const registry = quietRegistry();
  registerBuiltins(
    registry,
    TOOLSETS,
    [...HERMES_CORE_TOOLS, "discord", "discord_admin"],
    DESCRIPTIONS,
  );
  return registry;
}

function run(options: GetToolDefinitionsOptions): {
  names: string[];
  definitions: readonly ToolDefinition[];
  lines: string[];
} {
  const lines: string[] = [];
  const definitions = getToolDefinitions({
    cacheTtlMs: 0,
    log: (line) => lines.push(line),
    ...options,
  });
  return { names: definitions.map((d) => d.function.name), definitions, lines };
}

const byName = (definitions: readonly ToolDefinition[], name: string) =>
  definitions.find((d) => d.function.name === name)?.function;

describe("selection", () => {
  test("neither list given: every registered tool, sorted, as OpenAI function definitions", () => {
    const registry = coreRegistry();
    registerTools(registry, "mcp-srv", ["mcp__srv__ping"]);
    const { names, definitions } = run({ registry, quiet: true });
    expect(names).toEqual(
      [...HERMES_CORE_TOOLS, "discord", "discord_admin", "mcp__srv__ping"].sort(),
    );
    expect(definitions[0]).toEqual({
      type: "function",
      function: {
        name: names[0],
        description: expect.any(String),
        parameters: expect.objectContaining({ type: "object" }),
      },
    });
  });

  test("enabled toolsets are resolved through includes; tools that are not registered are left out", () => {
    const registry = quietRegistry();
    registerBuiltins(registry, TOOLSETS, ["terminal", "process", "web_search", "read_file"]);
    expect(run({ registry, enabledToolsets: ["debugging"], quiet: true }).names).toEqual([
      "process",
      "read_file",
      "terminal",
      "web_search",
    ]);
  });

  test("an empty enabled list selects nothing", () => {
    const { names, lines } = run({ registry: coreRegistry(), enabledToolsets: [] });
    expect(names).toEqual([]);
    expect(lines).toEqual(["🛠️  No tools selected (all filtered out or unavailable)"]);
  });

  test("legacy *_tools names enable their modern tools", () => {
    const { names, lines } = run({
      registry: coreRegistry(),
      enabledToolsets: ["web_tools", "file_tools", "terminal_tools"],
    });
    expect(names).toEqual([
      "patch",
      "read_file",
      "search_files",
      "terminal",
      "web_extract",
      "web_search",
      "write_file",
    ]);
    expect(lines).toContain("✅ Enabled legacy toolset 'web_tools': web_extract, web_search");
  });

  test("an unknown name is reported (not in quiet mode) and skipped", () => {
    const registry = coreRegistry();
    const loud = run({ registry, enabledToolsets: ["web", "nonexistent"] });
    expect(loud.names).toEqual(["web_extract", "web_search"]);
    expect(loud.lines).toContain("⚠️  Unknown toolset: nonexistent");
    expect(run({ registry, enabledToolsets: ["web", "nonexistent"], quiet: true }).lines).toEqual(
      [],
    );
  });

  test("MCP aliases and plugin toolsets can be enabled", () => {
    const registry = coreRegistry();
    registerTools(registry, "mcp-dynserver", ["mcp__dynserver__ping"]);
    registry.registerToolsetAlias("dynserver", "mcp-dynserver");
    registerTools(registry, "my_plugin", ["plugin_a"]);
    expect(
      run({ registry, enabledToolsets: ["dynserver", "my_plugin"], quiet: true }).names,
    ).toEqual(["mcp__dynserver__ping", "plugin_a"]);
  });

  test("a tool whose check fails is never shown", () => {
    const registry = coreRegistry();
    registerTools(registry, "web", ["web_search_plus"], { checkFn: () => false });
    registerTools(registry, "web", ["web_crawl"], {
      checkFn: () => {
        throw new Error("no key");
      },
    });
    const { names, lines } = run({ registry, enabledToolsets: ["web"] });
    expect(names).toEqual(["web_extract", "web_search"]);
    expect(lines.at(-1)).toBe("🛠️  Final tool selection (2 tools): web_extract, web_search");
  });

  test("kanbanTask adds the kanban toolset", () => {
    const registry = coreRegistry();
    expect(
      run({ registry, enabledToolsets: ["web"], kanbanTask: true, quiet: true }).names,
    ).toEqual([...KANBAN_TOOLS, "web_extract", "web_search"].sort());
  });
});

describe("disabled toolsets are subtracted last", () => {
  test("after enabled ones", () => {
    const { names } = run({
      registry: coreRegistry(),
      enabledToolsets: ["debugging"],
      disabledToolsets: ["web"],
      quiet: true,
    });
    expect(names).toEqual([
      "patch",
      "process",
      "read_file",
      "search_files",
      "terminal",
      "write_file",
    ]);
  });

  test("from everything when only disabled is given", () => {
    const { names } = run({
      registry: coreRegistry(),
      disabledToolsets: ["terminal", "browser"],
      quiet: true,
    });
    expect(names).not.toContain("terminal");
    expect(names).not.toContain("process");
    expect(names.some((n) => n.startsWith("browser_"))).toBe(false);
    expect(names).toContain("web_search");
    expect(names).toContain("read_file");
  });

  test("even when the same toolset is also enabled", () => {
    const { names } = run({
      registry: coreRegistry(),
      enabledToolsets: ["web", "file"],
      disabledToolsets: ["web"],
      quiet: true,
    });
    expect(names).toEqual(["patch", "read_file", "search_files", "write_file"]);
  });

  test("disabling hermes-telegram does not take away terminal or file tools", () => {
    const { names, lines } = run({
      registry: coreRegistry(),
      enabledToolsets: ["hermes-telegram"],
      disabledToolsets: ["hermes-telegram"],
    });
    expect(names).toEqual([...HERMES_CORE_TOOLS].sort());
    expect(names).toEqual(expect.arrayContaining(["terminal", "read_file", "write_file", "patch"]));
    expect(lines).toContain(
      "🚫 Disabled toolset 'hermes-telegram' (platform tools only; core tools stay): no tools",
    );
  });

  test("disabling a preset removes its platform extras only", () => {
    const { names } = run({
      registry: coreRegistry(),
      disabledToolsets: ["hermes-discord"],
      quiet: true,
    });
    expect(names).not.toContain("discord");
    expect(names).not.toContain("discord_admin");
    expect(names).toContain("terminal");
    const viaGateway = run({
      registry: coreRegistry(),
      enabledToolsets: ["hermes-discord"],
      disabledToolsets: ["hermes-gateway"],
      quiet: true,
    });
    expect(viaGateway.names).toEqual([...HERMES_CORE_TOOLS].sort());
  });

  test("disabling the coding posture keeps the core", () => {
    const { names } = run({
      registry: coreRegistry(),
      enabledToolsets: ["hermes-cli"],
      disabledToolsets: ["coding"],
      quiet: true,
    });
    expect(names).toEqual([...HERMES_CORE_TOOLS].sort());
  });

  test("legacy names can be disabled; unknown disabled names are reported", () => {
    const { names, lines } = run({
      registry: coreRegistry(),
      enabledToolsets: ["debugging"],
      disabledToolsets: ["web_tools", "bogus"],
    });
    expect(names).not.toContain("web_search");
    expect(lines).toContain("🚫 Disabled toolset 'web_tools': web_extract, web_search");
    expect(lines).toContain("⚠️  Unknown toolset: bogus");
  });
});

describe("schema patching", () => {
  test("execute_code lists only the sandbox tools of this selection", () => {
    const registry = coreRegistry();
    const { definitions } = run({
      registry,
      enabledToolsets: ["code_execution", "terminal", "file"],
      quiet: true,
    });
    const description = byName(definitions, "execute_code")?.description ?? "";
    expect(description).toContain(
      "from hermes_tools import read_file, write_file, search_files, patch, terminal`",
    );
    expect(description).not.toContain("web_search");
    expect(description).not.toContain("web_extract");
    // The registry's schema is untouched.
    expect(registry.getSchema("execute_code")?.description).toBe(EXECUTE_CODE_DESCRIPTION);
  });

  test("execute_code counts only sandbox tools that passed their checks", () => {
    const registry = quietRegistry();
    registerBuiltins(registry, TOOLSETS, ["execute_code", "terminal"], DESCRIPTIONS);
    registerTools(registry, "web", ["web_search"], { checkFn: () => false });
    const description =
      byName(run({ registry, quiet: true }).definitions, "execute_code")?.description ?? "";
    expect(description).toContain("from hermes_tools import terminal`");
    expect(description).not.toContain("web_search");
  });

  test("execute_code with no sandbox tool available keeps the full list (Hermes' fallback)", () => {
    const { definitions } = run({
      registry: coreRegistry(),
      enabledToolsets: ["code_execution"],
      quiet: true,
    });
    expect(byName(definitions, "execute_code")?.description).toBe(EXECUTE_CODE_DESCRIPTION);
  });

  test("browser_navigate drops the web-tools advice when no web tool is selected", () => {
    const { definitions } = run({
      registry: coreRegistry(),
      enabledToolsets: ["browser"],
      quiet: true,
    });
    const description = byName(definitions, "browser_navigate")?.description ?? "";
    expect(description).not.toContain("web_search");
    expect(description).toBe("Open a URL in the browser. Use the browser to interact with a page.");
  });

  test("browser_navigate keeps the advice when a web tool is selected and available", () => {
    const { definitions } = run({
      registry: coreRegistry(),
      enabledToolsets: ["browser", "search"],
      quiet: true,
    });
    expect(byName(definitions, "browser_navigate")?.description).toBe(BROWSER_NAVIGATE_DESCRIPTION);
  });

  test("browser_navigate drops the advice when the web tools exist but fail their checks", () => {
    const registry = quietRegistry();
    registerBuiltins(registry, TOOLSETS, ["browser_navigate"], DESCRIPTIONS);
    registerTools(registry, "web", ["web_search", "web_extract"], { checkFn: () => false });
    const { definitions } = run({ registry, quiet: true });
    expect(byName(definitions, "browser_navigate")?.description).not.toContain("prefer web_search");
  });

  test("custom patches replace the defaults", () => {
    const { definitions } = run({
      registry: coreRegistry(),
      enabledToolsets: ["web"],
      schemaPatches: {
        web_search: (schema, ctx) => ({
          ...schema,
          description: `${ctx.availableTools.size} tools`,
        }),
      },
      quiet: true,
    });
    expect(byName(definitions, "web_search")?.description).toBe("2 tools");
  });
});

describe("report lines", () => {
  test("non-quiet mode prints the Hermes-style lines in order", () => {
    const { lines } = run({
      registry: coreRegistry(),
      enabledToolsets: ["web", "web_tools", "nope"],
      disabledToolsets: ["search"],
    });
    expect(lines).toEqual([
      "✅ Enabled toolset 'web': web_extract, web_search",
      "✅ Enabled legacy toolset 'web_tools': web_extract, web_search",
      "⚠️  Unknown toolset: nope",
      "🚫 Disabled toolset 'search': web_search",
      "🛠️  Final tool selection (1 tools): web_extract",
    ]);
  });

  test("quiet mode prints nothing", () => {
    expect(
      run({ registry: coreRegistry(), enabledToolsets: ["web", "nope"], quiet: true }).lines,
    ).toEqual([]);
  });

  test("without a log option the lines go to standard error", () => {
    const writes: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      writes.push(chunk);
      return true;
    }) as typeof process.stderr.write;
    try {
      getToolDefinitions({ registry: coreRegistry(), enabledToolsets: ["search"] });
    } finally {
      process.stderr.write = original;
    }
    expect(writes).toEqual([
      "✅ Enabled toolset 'search': web_search\n",
      "🛠️  Final tool selection (1 tools): web_search\n",
    ]);
  });
});

describe("a failing or careless patch", () => {
  test("a patch that throws leaves the registered schema and is reported", () => {
    const { definitions, lines } = run({
      registry: coreRegistry(),
      enabledToolsets: ["search"],
      schemaPatches: {
        web_search: () => {
          throw new Error("boom");
        },
      },
    });
    expect(byName(definitions, "web_search")?.description).toBe("The web_search tool.");
    expect(lines).toContain(
      "⚠️  Schema patch for 'web_search' failed, using its registered schema: Error: boom",
    );
  });

  test("parameters a patch builds are frozen copies in the memo", () => {
    const mine = { type: "object", properties: {} };
    const options: GetToolDefinitionsOptions = {
      registry: coreRegistry(),
      enabledToolsets: ["search"],
      schemaPatches: { web_search: (schema) => ({ ...schema, parameters: mine }) },
      quiet: true,
    };
    const first = getToolDefinitions(options);
    expect(Object.isFrozen(first[0]?.function.parameters)).toBe(true);
    expect(Object.isFrozen(mine)).toBe(false);
    mine.properties = { injected: true };
    expect(getToolDefinitions(options)[0]?.function.parameters).toEqual({
      type: "object",
      properties: {},
    });
  });
});
