import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  ConfigTextEditor,
  parseConfigText,
  type ConfigEditor,
  type ConfigKeyPath,
} from "../src/index.js";
import { parsePyYamlDocument } from "../src/pyyaml-compat.js";
import { endOfLine, lineStart } from "../src/text-splice.js";

const CORPUS = path.join(import.meta.dirname, "fixtures", "corpus");
const files = readdirSync(CORPUS).filter((name) => name.endsWith(".yaml"));

/**
 * The byte span of the node an edit may touch: from the start of the line of the deepest
 * existing key on `path` to the end of its value. Everything outside it must survive.
 */
function editableSpan(text: string, keyPath: ConfigKeyPath): { start: number; end: number } {
  const doc = parsePyYamlDocument(text);
  for (let depth = keyPath.length; depth > 0; depth--) {
    const parentPath = keyPath.slice(0, depth - 1);
    const key = keyPath[depth - 1];
    const parent: unknown = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
    const items = (parent as { items?: unknown[] } | null)?.items;
    if (!Array.isArray(items)) continue;
    const entry =
      typeof key === "number"
        ? (items[key] as { range?: number[] } | undefined)
        : (items.find(
            (pair) => String((pair as { key?: { value?: unknown } }).key?.value) === String(key),
          ) as { key?: { range?: number[] }; value?: { range?: number[] } } | undefined);
    if (entry === undefined) continue;
    const first = "key" in entry ? entry.key?.range : (entry as { range?: number[] }).range;
    const last = "value" in entry && entry.value?.range ? entry.value.range : first;
    if (!first || !last) continue;
    return {
      start: lineStart(text, first[0] as number),
      end: endOfLine(text, last[1] as number),
    };
  }
  // A new top-level key: appended at the end.
  return { start: text.length, end: text.length };
}

function expectOnlySpanChanged(before: string, after: string, keyPath: ConfigKeyPath): void {
  const { start, end } = editableSpan(before, keyPath);
  const head = before.slice(0, start);
  const tail = before.slice(end);
  expect(after.startsWith(head), `bytes before '${keyPath.join(".")}' changed`).toBe(true);
  expect(after.endsWith(tail), `bytes after '${keyPath.join(".")}' changed`).toBe(true);
}

interface EditCase {
  readonly name: string;
  readonly path: ConfigKeyPath;
  readonly apply: (editor: ConfigEditor) => void;
  readonly check: (editor: ConfigEditor) => void;
}

const cases: readonly EditCase[] = [
  {
    name: "replace a scalar",
    path: ["terminal", "timeout"],
    apply: (e) => e.set(["terminal", "timeout"], 240),
    check: (e) => expect(e.get(["terminal", "timeout"])).toBe(240),
  },
  {
    name: "replace a block scalar with a one-line value",
    path: ["approvals", "smart_policy"],
    apply: (e) => e.set(["approvals", "smart_policy"], "Deny everything."),
    check: (e) => expect(e.get(["approvals", "smart_policy"])).toBe("Deny everything."),
  },
  {
    name: "replace a block scalar with another block",
    path: ["approvals", "smart_policy"],
    apply: (e) => e.set(["approvals", "smart_policy"], "line one\nline two\n"),
    check: (e) => expect(e.get(["approvals", "smart_policy"])).toBe("line one\nline two\n"),
  },
  {
    name: "set a list item by index",
    path: ["command_allowlist", 1],
    apply: (e) => e.set(["command_allowlist", 1], "make check"),
    check: (e) => expect((e.get(["command_allowlist"]) as unknown[])[1]).toBe("make check"),
  },
  {
    name: "set an item of a nested list",
    path: ["approvals", "deny", 0],
    apply: (e) => e.set(["approvals", "deny", 0], "sudo su *"),
    check: (e) => expect((e.get(["approvals", "deny"]) as unknown[])[0]).toBe("sudo su *"),
  },
  {
    name: "add a new nested key",
    path: ["approvals", "single_query_mode"],
    apply: (e) => e.set(["approvals", "single_query_mode"], "approve"),
    check: (e) => expect(e.get(["approvals", "single_query_mode"])).toBe("approve"),
  },
  {
    name: "add a new top-level section",
    path: ["tool_output"],
    apply: (e) => e.set(["tool_output", "max_bytes"], 40000),
    check: (e) => expect(e.get(["tool_output", "max_bytes"])).toBe(40000),
  },
  {
    name: "delete a key",
    path: ["approvals", "timeout"],
    apply: (e) => e.delete(["approvals", "timeout"]),
    check: (e) => expect(e.has(["approvals", "timeout"])).toBe(false),
  },
  {
    name: "append to the allowlist",
    path: ["command_allowlist"],
    apply: (e) => e.addToList(["command_allowlist"], "make deploy-staging"),
    check: (e) => expect(e.get(["command_allowlist"])).toContain("make deploy-staging"),
  },
  {
    name: "remove from the allowlist",
    path: ["command_allowlist"],
    apply: (e) => e.removeFromList(["command_allowlist"], "git status"),
    check: (e) => expect(e.get(["command_allowlist"])).not.toContain("git status"),
  },
];

describe.each(files)("corpus file %s", (file) => {
  const original = readFileSync(path.join(CORPUS, file), "utf8");

  test.each(cases)("$name keeps every byte outside the edited node", (edit) => {
    const editor = new ConfigTextEditor(original, file);
    if (edit.path[0] === "approvals" && edit.path[1] === "smart_policy" && !editor.has(edit.path))
      return;
    const list = edit.path.findIndex((key) => typeof key === "number");
    if (list > 0 && !Array.isArray(editor.get(edit.path.slice(0, list)))) return;
    edit.apply(editor);
    edit.check(editor);
    expectOnlySpanChanged(original, editor.text, edit.path);
    // The result still reads as a valid config.
    parseConfigText(editor.text, file);
  });
});

describe("lists", () => {
  test("removeFromList keeps the comments of the items it keeps", () => {
    const text =
      "command_allowlist:\n  - git status   # harmless\n  - make test     # CI\n  - npm run lint # lint\n";
    const editor = new ConfigTextEditor(text);
    editor.removeFromList(["command_allowlist"], "make test");
    expect(editor.text).toBe(
      "command_allowlist:\n  - git status   # harmless\n  - npm run lint # lint\n",
    );
  });

  test("addToList on an alias adds to this key only, writing the items, not the alias object", () => {
    const text = "trusted: &b\n  - git status\ncommand_allowlist: *b\n";
    const editor = new ConfigTextEditor(text);
    editor.addToList(["command_allowlist"], "make test");
    expect(editor.get(["command_allowlist"])).toEqual(["git status", "make test"]);
    expect(editor.get(["trusted"])).toEqual(["git status"]);
    expect(editor.text).not.toContain("source");
    expect(editor.text.startsWith("trusted: &b\n  - git status\n")).toBe(true);
  });
});

describe("list items", () => {
  test("an item of a block list can become a mapping, written as a block", () => {
    const text = "servers:\n  - name: a   # first\n  - name: b   # second\nafter: 1\n";
    const editor = new ConfigTextEditor(text);
    editor.set(["servers", 1], { name: "c", port: 8080 });
    expect(editor.get(["servers"])).toEqual([{ name: "a" }, { name: "c", port: 8080 }]);
    expect(editor.text.startsWith("servers:\n  - name: a   # first\n")).toBe(true);
    expect(editor.text.endsWith("after: 1\n")).toBe(true);
  });
});

describe("errors", () => {
  test("setting a key under a scalar names the file and the key", () => {
    const editor = new ConfigTextEditor("terminal: local\n", "/home/ada/.hermes/config.yaml");
    let error: unknown;
    try {
      editor.set(["terminal", "timeout"], 5);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: "CONFIG_EDIT", key: "terminal.timeout" });
    expect((error as Error).message).toContain("/home/ada/.hermes/config.yaml");
    expect((error as Error).message).toContain("'terminal' holds \"local\"");
  });
});
