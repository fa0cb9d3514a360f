import { describe, expect, test } from "vitest";
import { fuzzyReplace } from "../src/index.js";

/** [what the case shows, file, old_string, new_string, file afterwards] */
type AppliedCase = readonly [string, string, string, string, string];

function expectApplied([, content, oldString, newString, expected]: AppliedCase): void {
  const result = fuzzyReplace(content, oldString, newString);
  expect(result.error).toBeNull();
  expect(result.content).toBe(expected);
}

describe("the replacement takes the file's line endings", () => {
  test.each<AppliedCase>([
    [
      "LF edit into a CRLF file, line-trimmed match",
      "a = 1\r\nb = 2\r\nc = 3\r\n",
      "b = 2\nc = 3",
      "b = 20\nc = 30\nd = 40",
      "a = 1\r\nb = 20\r\nc = 30\r\nd = 40\r\n",
    ],
    [
      "LF edit into a CRLF file, one-line exact match grows to three lines",
      "[core]\r\nname = x\r\n[end]\r\n",
      "name = x",
      "name = y\nmode = z\nlevel = 3",
      "[core]\r\nname = y\r\nmode = z\r\nlevel = 3\r\n[end]\r\n",
    ],
    [
      "CRLF edit into an LF file",
      "one\ntwo\nthree\n",
      "two\r\nthree",
      "two\r\n2.5\r\nthree",
      "one\ntwo\n2.5\nthree\n",
    ],
    [
      "CRLF file without a final newline keeps its last line break style",
      "SELECT a\r\nFROM t\r\nWHERE x = 1",
      "FROM t\nWHERE x = 1",
      "FROM t\nWHERE x = 2\nLIMIT 5",
      "SELECT a\r\nFROM t\r\nWHERE x = 2\r\nLIMIT 5",
    ],
    [
      "only the matched region changes: LF lines elsewhere in a mixed file stay LF",
      "head\nx1\r\nx2\r\ntail\n",
      "x1\nx2",
      "x1\nx2\nx3",
      "head\nx1\r\nx2\r\nx3\r\ntail\n",
    ],
    [
      "tab-indented CRLF file, LF edit indented with spaces",
      "func f() {\r\n\tif ok {\r\n\t\treturn 1\r\n\t}\r\n}\r\n",
      "    if ok {\n        return 1\n    }",
      "    if ok {\n        log()\n        return 1\n    }",
      "func f() {\r\n\tif ok {\r\n\t\tlog()\r\n\t\treturn 1\r\n\t}\r\n}\r\n",
    ],
  ])("%s", (...row) => {
    expectApplied(row);
  });
});

describe("context lines keep the file's bytes", () => {
  test.each<AppliedCase>([
    [
      "trailing spaces on an unchanged line",
      "x = 1   \ny = 2\nz = 3\n",
      "x = 1\ny = 2",
      "x = 1\ny = 22",
      "x = 1   \ny = 22\nz = 3\n",
    ],
    [
      "alignment runs the model collapsed",
      "const (\n\tA     = 1\n\tBBBBB = 2\n)\n",
      "\tA = 1\n\tBBBBB = 2",
      "\tA = 1\n\tBBBBB = 2\n\tC = 3",
      "const (\n\tA     = 1\n\tBBBBB = 2\n\tC = 3\n)\n",
    ],
    [
      "a typo in the model's copy of an unchanged line",
      "def run(config):\n    validate(config)\n    start(config)\n    wait()\n    return True\n",
      "def run(config):\n    valdiate(config)\n    start(config)\n    wait()\n    return True",
      "def run(config):\n    valdiate(config)\n    start(config, retries=3)\n    wait()\n    return True",
      "def run(config):\n    validate(config)\n    start(config, retries=3)\n    wait()\n    return True\n",
    ],
    [
      "a comma the model dropped from the first line",
      "const cfg = {\n  a: 1,\n  b: 2,\n  c: 3,\n};\n",
      "  a: 1\n  b: 2,\n  c: 3,",
      "  a: 1\n  b: 20,\n  c: 3,",
      "const cfg = {\n  a: 1,\n  b: 20,\n  c: 3,\n};\n",
    ],
    [
      "trailing tab kept on the last unchanged line",
      ".a {\n  color: red;\n  margin: 0;\t\n}\n",
      ".a {\n  color: red;\n  margin: 0;",
      ".a {\n  color: blue;\n  margin: 0;",
      ".a {\n  color: blue;\n  margin: 0;\t\n}\n",
    ],
    [
      "a line moved into a new block is a change, not context",
      "for x in xs:\n    total += x\n",
      "for x in xs:\n  total += x",
      "for x in xs:\n  if x:\n    total += x",
      "for x in xs:\n    if x:\n        total += x\n",
    ],
  ])("%s", (...row) => {
    expectApplied(row);
  });
});

describe("blank lines added or dropped inside old_string", () => {
  test.each<AppliedCase>([
    [
      "a blank line the model dropped is kept",
      "a()\n\nb()\nc()\n",
      "a()\nb()",
      "a()\nbb()",
      "a()\n\nbb()\nc()\n",
    ],
    [
      "two blank lines written as one stay two",
      "def f():\n    pass\n\n\ndef g():\n    pass\n",
      "def f():\n    pass\n\ndef g():\n    pass",
      "def f():\n    return 1\n\ndef g():\n    pass",
      "def f():\n    return 1\n\n\ndef g():\n    pass\n",
    ],
    [
      "a blank line the model added to old_string and new_string is not written",
      "one = 1\ntwo = 2\nthree = 3\n",
      "one = 1\n\ntwo = 2",
      "one = 1\n\ntwo = 'two'",
      "one = 1\ntwo = 'two'\nthree = 3\n",
    ],
    [
      "a blank line the new_string restores is written once",
      "let a = 1;\n\nlet b = 2;\n",
      "let a = 1;\nlet b = 2;",
      "let a = 1;\n\nlet b = 3;",
      "let a = 1;\n\nlet b = 3;\n",
    ],
    [
      "a blank run between removed lines goes with them",
      "keep\nx = 1\n\ny = 2\nend\n",
      "keep\nx = 1\ny = 2\nend",
      "keep\nend",
      "keep\nend\n",
    ],
    [
      "YAML at column 0 with a blank line dropped",
      "jobs:\n  build:\n    steps:\n      - run: make\n\n      - run: make test\n",
      "steps:\n  - run: make\n  - run: make test",
      "steps:\n  - run: make\n  - run: make check",
      "jobs:\n  build:\n    steps:\n      - run: make\n\n      - run: make check\n",
    ],
  ])("%s", (...row) => {
    expectApplied(row);
  });

  test("the strategy is named", () => {
    expect(fuzzyReplace("a()\n\nb()\n", "a()\nb()", "a()\nc()").strategy).toBe(
      "blank_line_flexible",
    );
  });
});

describe("escapes inside strings", () => {
  test.each<AppliedCase>([
    [
      "a real newline for the file's \\n",
      'print("ok\\n")\n',
      'print("ok\n")',
      'print("all ok\n")',
      'print("all ok\\n")\n',
    ],
    [
      "a real tab for the file's \\t",
      'row = "a\\tb"\n',
      'row = "a\tb"',
      'row = "a\tb\tc"',
      'row = "a\\tb\\tc"\n',
    ],
    [
      "bare quotes for the file's \\\" in a JSON string",
      '{\n  "msg": "press \\"go\\" now"\n}\n',
      '  "msg": "press "go" now"',
      '  "msg": "press "start" now"',
      '{\n  "msg": "press \\"start\\" now"\n}\n',
    ],
    [
      "doubly escaped newlines in both strings",
      "def a():\n    return 1\n",
      "def a():\\n    return 1",
      "def a():\\n    return 2",
      "def a():\n    return 2\n",
    ],
  ])("%s", (...row) => {
    expectApplied(row);
  });
});

describe("new_string at column 0 for an exactly matched nested block", () => {
  test.each<AppliedCase>([
    [
      "Python loop body",
      "def f(xs):\n    for x in xs:\n        use(x)\n    return xs\n",
      "    for x in xs:\n        use(x)",
      "for x in xs:\n    if x:\n        use(x)",
      "def f(xs):\n    for x in xs:\n        if x:\n            use(x)\n    return xs\n",
    ],
    [
      "YAML mapping",
      "root:\n  child:\n    key: a\n",
      "  child:\n    key: a",
      "child:\n  key: b\n  extra: c",
      "root:\n  child:\n    key: b\n    extra: c\n",
    ],
    [
      "tab-indented block written with spaces at column 0",
      "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n",
      "\tif x {\n\t\ty()\n\t}",
      "if x {\n    y()\n    z()\n}",
      "func f() {\n\tif x {\n\t\ty()\n\t\tz()\n\t}\n}\n",
    ],
  ])("%s", (...row) => {
    expectApplied(row);
  });

  test("an exact match that starts mid-line is not re-indented", () => {
    const result = fuzzyReplace("x = f(    a)\n", "    a)", "b)");
    expect(result.content).toBe("x = f(b)\n");
  });
});

describe("typography on context lines", () => {
  test.each<AppliedCase>([
    [
      "a curly apostrophe on an unchanged line",
      "# Don\u2019t touch\nlimit = 5\n",
      "# Don't touch\nlimit = 5",
      "# Don't touch\nlimit = 6",
      "# Don\u2019t touch\nlimit = 6\n",
    ],
    [
      "an em dash on an unchanged line",
      "Intro \u2014 short\nBody text\n",
      "Intro -- short\nBody text",
      "Intro -- short\nBody text, longer",
      "Intro \u2014 short\nBody text, longer\n",
    ],
    [
      "a rewritten line takes the model's spaces, not a stray NBSP",
      "# wait (max\u00a010)\nWAIT = 10\n",
      "# wait (max 10)\nWAIT = 10",
      "# wait; 0 disables\nWAIT = 0",
      "# wait; 0 disables\nWAIT = 0\n",
    ],
  ])("%s", (...row) => {
    expectApplied(row);
  });
});

describe("refusals stay refusals", () => {
  test.each<readonly [string, string, string, string]>([
    ["blank-flexible match found twice", "a()\n\nb()\nz\na()\nb()\n", "a()\n\n\nb()", "a()\nc()"],
    ["literal-escape match found twice", 'p("x\\n")\np("x\\n")\n', 'p("x\n")', 'p("y\n")'],
    ["blank-flexible text not in the file", "a()\n\nb()\n", "a()\nc()", "a()\nd()"],
    ["only a blank line is shared", "a()\n\nb()\n", "x()\n\ny()", "x()\n\nz()"],
  ])("%s", (_name, content, oldString, newString) => {
    const result = fuzzyReplace(content, oldString, newString);
    expect(result.count).toBe(0);
    expect(result.content).toBe(content);
    expect(result.error).not.toBeNull();
  });

  test("an edit already in the file is not applied again through a blank-line match", () => {
    const content = "a()\n\nb2()\n";
    const result = fuzzyReplace(content, "a()\nb()", "a()\n\nb2()");
    expect(result.count).toBe(0);
    expect(result.content).toBe(content);
  });
});

describe("new_string at column 0 after a non-exact match", () => {
  test.each<AppliedCase>([
    [
      "line-trimmed Python block keeps its nesting",
      "def f(xs):\n    for x in xs:\n        use(x)\n",
      "  for x in xs:\n      use(x)",
      "for x in xs:\n    if x:\n        use(x)",
      "def f(xs):\n    for x in xs:\n        if x:\n            use(x)\n",
    ],
    [
      "CRLF JavaScript block with a blank line dropped",
      "class A {\r\n  run() {\r\n    a();\r\n\r\n    b();\r\n  }\r\n}\r\n",
      "  run() {\n    a();\n    b();",
      "run() {\n  a();\n  c();",
      "class A {\r\n  run() {\r\n    a();\r\n\r\n    c();\r\n  }\r\n}\r\n",
    ],
  ])("%s", (...row) => {
    expectApplied(row);
  });
});
