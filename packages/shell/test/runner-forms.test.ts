import { beforeAll, describe, expect, it } from "vitest";
import {
  DYNAMIC,
  findEntries,
  initializeParser,
  parseShell,
  staticWord,
  unwrap,
} from "../src/index.js";

// Scripts are only parsed, never run.
describe("forms that run other code", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  const argv = (text: string): string[][] =>
    parseShell(text).commands.map((cmd) => cmd.words.map((word) => word.text));

  it("keeps a lone `-` operand before a here-document", () => {
    expect(argv("make -f - <<'EOF'\nall:\nEOF")[0]).toEqual(["make", "-f", "-"]);
    expect(argv("cat a - b <<EOF\nx\nEOF")[0]).toEqual(["cat", "a", "-", "b"]);
    expect(argv("cat >out - <<EOF\nx\nEOF")[0]).toEqual(["cat", "-"]);
    expect(argv("cat <<EOF\nx\nEOF")[0]).toEqual(["cat"]);
  });

  it("keeps a here-document body whose line starts with a backslash", () => {
    const body = (text: string): string | null | undefined =>
      parseShell(text).commands[0]?.redirects[0]?.heredoc;
    expect(body("psql <<'SQL'\n\\! rm -rf x\nSQL")).toBe("\\! rm -rf x\n");
    expect(body("psql <<SQL\n\\! ls\nSQL")).toBe("\\! ls\n");
    expect(body("cat <<EOF\nplain\nEOF")).toBe("plain\n");
    expect(parseShell("psql <<'SQL'\n\\! rm -rf x\nSQL").commands).toHaveLength(1);
  });

  it("reads a here-string as one word, unsplit", () => {
    const target = (text: string): string | undefined =>
      parseShell(text).commands.at(-1)?.redirects[0]?.target?.text;
    expect(target("bash <<< $(echo 'rm -rf x')")).toBe("rm -rf x");
    expect(target("cat <<< plain")).toBe("plain");
  });

  it("unwraps a coprocess to the command or group it starts", () => {
    expect(unwrap(["coproc", "{", "dd", "if=x"]).at(-1)).toEqual(["dd", "if=x"]);
    expect(unwrap(["coproc", "NAME", "{", "rm", "x"]).at(-1)).toEqual(["rm", "x"]);
    expect(unwrap(["coproc", "cat"]).at(-1)).toEqual(["cat"]);
  });

  it("gives a variable assigned from mktemp the path mktemp prints", () => {
    const rmTarget = (text: string): string | undefined =>
      parseShell(text).commands.at(-1)?.words.at(-1)?.text;
    expect(rmTarget('t=$(mktemp); rm -f "$t"')).toBe("/tmp/tmp.XXXXXXXXXX");
    expect(rmTarget('t=$(mktemp -d -p /var/tmp); rm -rf "$t"')).toBe("/var/tmp/tmp.XXXXXXXXXX");
    expect(rmTarget('t=`mktemp -t build.XXXX`; rm -rf "$t"')).toBe("/tmp/build.XXXX");
    expect(rmTarget('t=$(mktemp work.XXXX); rm -rf "$t"')).toBe("work.XXXX");
    expect(rmTarget('t=$(mktemp -p "$D"); rm -rf "$t"')).toBe(DYNAMIC);
  });

  it("reads trap handlers and eval strings with the script's static variables", () => {
    const handler = (text: string): string | undefined =>
      parseShell(text).commands.at(-1)?.words[1]?.text;
    expect(handler("d=/etc; trap 'rm -rf \"$d\"' EXIT")).toBe('rm -rf "/etc"');
    expect(handler("d=/etc; eval 'rm -rf ${d}'")).toBe("rm -rf /etc");
    expect(handler("trap 'rm -rf \"$unset\"' EXIT")).toBe('rm -rf "$unset"');
    expect(handler("d='a b'; trap 'rm -rf $d' EXIT")).toBe("rm -rf $d");
  });

  it("marks endless loops without a wait or a way out", () => {
    const loop = (text: string): string | undefined => parseShell(text).endlessLoop;
    expect(loop("while true; do mkdir -p x && cd x; done")).toBe("growing");
    expect(loop("while :; do echo x >> f; done")).toBe("growing");
    expect(loop("while :; do :; done")).toBe("busy");
    expect(loop("while true; do echo hi; sleep 1; done")).toBeUndefined();
    expect(loop("while true; do mkdir x && break; done")).toBeUndefined();
    expect(loop("for i in 1 2; do mkdir d$i; done")).toBeUndefined();
  });

  it("counts large loops that background a job on every pass as floods", () => {
    const spawning = (text: string): string | undefined => parseShell(text).spawningLoop;
    expect(spawning("for i in {1..100000}; do sleep 9 & done")).toBe("endless");
    expect(spawning("for i in $(seq 1 5000); do sleep 9 & done")).toBe("endless");
    expect(spawning("for ((i=0; i<20000; i++)); do sleep 9 & done")).toBe("endless");
    expect(spawning("for i in {1..4}; do make & done")).toBe("bounded");
  });

  it("lists the paths a find command names", () => {
    const entries = (words: string[]): string[] | null => findEntries(words.map(staticWord));
    expect(entries(["find", "/", "(", "-name", "id_rsa", "-o", "-name", "*.pem", ")"])).toEqual([
      "/id_rsa",
      "/*.pem",
    ]);
    expect(entries(["find", "-name", "x"])).toEqual(["./x"]);
    expect(entries(["find", "a", "b", "-iname", "c"])).toEqual(["a/c", "b/c"]);
    expect(entries(["find", ".", "-path", "./src/*"])).toEqual(["./src/*"]);
    expect(entries(["find", ".", "-type", "f"])).toEqual([]);
  });
});
