// The control channel of remote commands: control lines and the snapshot block sent back with
// each command, split across chunks anywhere (as a pipe delivers them).
import { describe, expect, test } from "vitest";
import { RemoteControlParser } from "../src/remote-control.js";

/** Feed `bytes` to a new parser in chunks of `size` bytes. */
function parse(bytes: Buffer, size: number): { parser: RemoteControlParser; pids: number[] } {
  const pids: number[] = [];
  const parser = new RemoteControlParser((pid) => pids.push(pid));
  for (let at = 0; at < bytes.length; at += size) parser.push(bytes.subarray(at, at + size));
  parser.end();
  return { parser, pids };
}

function block(text: string): string {
  return `hermes-snap ${Buffer.byteLength(text)}\n${text}\nhermes-snap-end\n`;
}

// Lines inside the snapshot that look like control lines, multibyte characters, a trailing
// newline and no final newline inside the block: all of it is the snapshot's text.
const SNAPSHOT = [
  'declare -x HOME="/home/zoë"',
  'declare -x NOTE="hermes-pid 99',
  'hermes-cwd /nowhere"',
  "greet () ",
  "{ ",
  "    echo '✓ ready'",
  "}",
  "alias ll='ls -l'",
  "",
].join("\n");

describe("RemoteControlParser", () => {
  const stream = Buffer.from(
    [
      "hermes-pid 4242\n",
      "Warning: a message of the client itself\n",
      "hermes-cwd /srv/dir with spaces\n",
      block(SNAPSHOT),
      "trailing client text without newline",
    ].join(""),
  );

  for (const size of [1, 2, 3, 7, 64, stream.length]) {
    test(`reads every control line and the snapshot block in chunks of ${size} bytes`, () => {
      const { parser, pids } = parse(stream, size);
      expect(pids).toEqual([4242]);
      expect(parser.control).toEqual({
        pid: 4242,
        cwd: "/srv/dir with spaces",
        snapshot: { kind: "text", text: SNAPSHOT },
      });
      expect(parser.errors).toBe(
        "Warning: a message of the client itself\ntrailing client text without newline",
      );
    });
  }

  test("an unchanged snapshot, and the last report wins", () => {
    const { parser } = parse(Buffer.from(`${block("alias a='b'\n")}hermes-snap-same\n`), 5);
    expect(parser.control.snapshot).toEqual({ kind: "unchanged" });
    const again = parse(Buffer.from(`hermes-snap-same\n${block("alias a='b'\n")}`), 5).parser;
    expect(again.control.snapshot).toEqual({ kind: "text", text: "alias a='b'\n" });
  });

  test("a large block arriving in many chunks", () => {
    const text = `${"f () \n{ \n    echo 'ü';\n}\n".repeat(40_000)}hermes-pid 1\n`;
    const { parser, pids } = parse(Buffer.from(`${block(text)}hermes-cwd /b\n`), 65_536);
    expect(pids).toEqual([]);
    expect(parser.control).toEqual({ cwd: "/b", snapshot: { kind: "text", text } });
  });

  test("a block whose byte count does not match (a re-encoded stream) is refused", () => {
    const text = "alias a='zoë'\nalias b='c'\n";
    for (const count of [Buffer.byteLength(text) - 1, Buffer.byteLength(text) + 2]) {
      const wire = `hermes-snap ${count}\n${text}\nhermes-snap-end\nhermes-cwd /c\n`;
      const { parser } = parse(Buffer.from(wire), 3);
      expect(parser.control.snapshot).toBeUndefined();
    }
  });

  test("a block cut short by the end of the stream is no snapshot", () => {
    const { parser } = parse(Buffer.from("hermes-cwd /a\nhermes-snap 500\nalias a='b'\n"), 4);
    expect(parser.control).toEqual({ cwd: "/a" });
  });

  test("a malformed block header is the client's text, not a block", () => {
    const { parser } = parse(Buffer.from("hermes-snap twelve\nssh: oops\n"), 3);
    expect(parser.control).toEqual({});
    expect(parser.errors).toBe("hermes-snap twelve\nssh: oops\n");
  });
});
