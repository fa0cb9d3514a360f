import type { FunctionSchema } from "@hermes-agent/registry";
import { describe, expect, test } from "vitest";
import {
  DEFAULT_SCHEMA_PATCHES,
  describeSandboxTools,
  patchBrowserNavigateSchema,
  patchExecuteCodeSchema,
  SANDBOX_ALLOWED_TOOLS,
  sandboxToolsFor,
} from "../src/index.js";
import { BROWSER_NAVIGATE_DESCRIPTION, EXECUTE_CODE_DESCRIPTION } from "./fixtures-schemas.js";

const schema = (name: string, description: string): FunctionSchema =>
  Object.freeze({ name, description, parameters: Object.freeze({ type: "object" }) });
const context = (...tools: string[]) => ({ availableTools: new Set(tools) });

describe("sandboxToolsFor", () => {
  test("keeps the allowed tools that are available, in Hermes' order", () => {
    expect(sandboxToolsFor(new Set(["terminal", "read_file", "memory"]))).toEqual([
      "read_file",
      "terminal",
    ]);
  });

  test("falls back to all seven when none is available", () => {
    expect(sandboxToolsFor(new Set(["memory"]))).toEqual([...SANDBOX_ALLOWED_TOOLS]);
    expect(SANDBOX_ALLOWED_TOOLS).toEqual([
      "web_search",
      "web_extract",
      "read_file",
      "write_file",
      "search_files",
      "patch",
      "terminal",
    ]);
  });
});

describe("execute_code patch", () => {
  test("lists only the offered sandbox tools, in the import line and in the stubs", () => {
    const text = describeSandboxTools(EXECUTE_CODE_DESCRIPTION, ["read_file", "terminal"]);
    expect(text).toContain("`from hermes_tools import read_file, terminal`");
    expect(text).toContain("  read_file(path: str");
    expect(text).toContain("  terminal(command: str");
    expect(text).toContain("      Foreground commands only.");
    for (const gone of ["web_search", "web_extract", "write_file", "search_files", "patch("])
      expect(text).not.toContain(gone);
    // A removed stub takes its indented notes with it; the rest of the text stays.
    expect(text).not.toContain("Results are under data.web.");
    expect(text).toContain("Limits: 5-minute timeout, at most 50 tool calls.");
  });

  test("returns a new schema and leaves the input alone", () => {
    const input = schema("execute_code", EXECUTE_CODE_DESCRIPTION);
    const patched = patchExecuteCodeSchema(input, context("execute_code", "terminal"));
    expect(patched).not.toBe(input);
    expect(patched.parameters).toBe(input.parameters);
    expect(patched.description).toContain("from hermes_tools import terminal`");
    expect(input.description).toBe(EXECUTE_CODE_DESCRIPTION);
  });

  test("all seven available, or none (fallback): unchanged", () => {
    const input = schema("execute_code", EXECUTE_CODE_DESCRIPTION);
    expect(patchExecuteCodeSchema(input, context(...SANDBOX_ALLOWED_TOOLS))).toBe(input);
    expect(patchExecuteCodeSchema(input, context("execute_code"))).toBe(input);
  });

  test("a description without stubs or name lists is left as is", () => {
    const input = schema("execute_code", "Runs code.");
    expect(patchExecuteCodeSchema(input, context("terminal"))).toBe(input);
  });
});

describe("browser_navigate patch", () => {
  test("drops the web-tools advice when neither web tool is available", () => {
    const patched = patchBrowserNavigateSchema(
      schema("browser_navigate", BROWSER_NAVIGATE_DESCRIPTION),
      context("browser_navigate"),
    );
    expect(patched.description).toBe(
      "Open a URL in the browser. Use the browser to interact with a page.",
    );
  });

  test.each([["web_search"], ["web_extract"]])("keeps it when %s is available", (tool) => {
    const input = schema("browser_navigate", BROWSER_NAVIGATE_DESCRIPTION);
    expect(patchBrowserNavigateSchema(input, context("browser_navigate", tool))).toBe(input);
  });

  test("the advice as the last sentence goes too", () => {
    const patched = patchBrowserNavigateSchema(
      schema(
        "browser_navigate",
        "Open a URL. For simple information retrieval, prefer web_search or web_extract (faster, cheaper).",
      ),
      context(),
    );
    expect(patched.description).toBe("Open a URL.");
  });
});

test("the default patches cover execute_code and browser_navigate", () => {
  expect(Object.keys(DEFAULT_SCHEMA_PATCHES).sort()).toEqual(["browser_navigate", "execute_code"]);
  expect(Object.isFrozen(DEFAULT_SCHEMA_PATCHES)).toBe(true);
});
