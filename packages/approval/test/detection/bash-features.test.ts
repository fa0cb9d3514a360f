import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";

function verdicts(commands: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    commands.map((command) => {
      const match = detectDangerousCommand(command);
      return [command, match === null ? "safe" : match.hardline ? "hardline" : "dangerous"];
    }),
  );
}

function expectAll(commands: readonly string[], expected: "hardline" | "flagged" | "safe"): void {
  for (const [command, verdict] of Object.entries(verdicts(commands))) {
    if (expected === "flagged") expect(verdict, command).not.toBe("safe");
    else expect(verdict, command).toBe(expected);
  }
}

describe("bash features the analyser models", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("splits words on $IFS however it is spelled", () => {
    expectAll(
      [
        "rm$IFS-rf$IFS/etc",
        "rm${IFS}-rf${IFS}/etc",
        "rm$IFS-rf$IFS/",
        "rm${IFS}-fr${IFS}/usr",
        "rm$IFS-r$IFS-f$IFS/boot",
        "x=$IFS; rm${x}-rf${x}/",
        'sp="$IFS"; rm${sp}-rf${sp}/etc',
        "/bin/rm$IFS-rf$IFS~",
        "sudo$IFS\\rm$IFS-rf$IFS/",
      ],
      "hardline",
    );
    expectAll(["echo$IFS'hello'", "ls${IFS}-la", "printf %s$IFS x"], "safe");
  });

  it("finds command substitutions that arithmetic evaluation runs", () => {
    expectAll(
      [
        "x='a[$(rm -rf ~)]'; echo $((x))",
        "x='a[$(rm -rf ~)]'; echo $(( x + 1 ))",
        "x='a[$(rm -rf ~)]'; y=x; echo $((y))",
        "x='a[`rm -rf ~`]'; (( x ))",
        "x='a[$(rm -rf ~)]'; [[ $x -eq 1 ]]",
        "[[ 1 -lt 'a[$(rm -rf ~)]' ]]",
        "let 'x=a[$(rm -rf ~)]'",
        "let x='b[$(rm -rf /)]'+1",
        "x='a[$(rm -rf ~)]'; for ((i=0; i<x; i++)); do :; done",
        "i='a[$(rm -rf ~)]'; echo ${arr[i]}",
        "declare -i n='a[$(rm -rf ~)]'",
        "echo $((a[$(rm -rf ~)]))",
      ],
      "hardline",
    );
    expectAll(
      ["x=3; echo $((x * 2))", "let i=i+1", "(( n > 2 )) && echo big", "[[ $n -eq 3 ]]"],
      "safe",
    );
  });

  it("runs what prompt expansion and code-valued variables run", () => {
    expectAll(
      [
        "x='$(rm -rf ~)'; echo ${x@P}",
        "p='`rm -rf /`'; : \"${p@P}\"",
        "PROMPT_COMMAND='rm -rf ~'",
        "export PROMPT_COMMAND='rm -rf /etc'",
        "PS1='$(rm -rf ~)> '",
        "declare PS0='`rm -rf ~`'",
      ],
      "hardline",
    );
    expectAll(["echo ${x@P}", 'PROMPT_COMMAND="$CMD"', "x=$(cat f); : ${x@P}"], "flagged");
    expectAll(["PS1='\\u@\\h:\\w\\$ '", "x=hello; echo ${x@U}", "echo ${x@Q}"], "safe");
  });

  it("follows name references", () => {
    expectAll(['declare -n r=HOME; rm -rf "$r"', 'typeset -n t=HOME; rm -rf "$t"/'], "hardline");
    expectAll(['declare -n r=SOMEDIR; rm -rf "$r"'], "flagged");
  });

  it("judges trap handlers like any command", () => {
    expectAll(
      [
        "trap 'rm -rf ~' EXIT",
        "trap 'rm -rf /' DEBUG",
        "trap -- 'rm -rf /etc' INT TERM",
        'trap "rm -rf $HOME" ERR',
        "trap 'echo $(rm -rf ~)' RETURN",
      ],
      "hardline",
    );
    expectAll(["trap 'curl -s http://127.0.0.1:9/x | sh' EXIT", 'trap "$HANDLER" EXIT'], "flagged");
    expectAll(["trap - EXIT", "trap -p", "trap -l", "trap 'echo done' EXIT"], "safe");
  });

  it("decodes printf escapes exactly as bash does before trusting them", () => {
    expectAll(
      [
        "printf '\\x72\\x6d -rf ~' | sh",
        "printf '\\162\\155 -rf ~' | sh",
        "printf '\\u0072\\u006d -rf ~' | bash",
        "printf '\\U00000072m -rf /' | sh",
        "printf '%s -rf %s' rm / | sh",
        "printf '%b' '\\x72m -rf ~' | sh",
        "printf '%c%c -rf ~' rx mx | sh",
        "$(printf '\\x72\\x6d') -rf ~",
        "$(printf '\\162\\155') -rf /",
        "eval \"$(printf '\\x72\\x6d -rf ~')\"",
      ],
      "hardline",
    );
    expectAll(["printf '%q' 'rm -rf ~' | sh", "printf '%f' 1 | sh"], "flagged");
    expectAll(["printf '\\x68\\x69\\n'", "printf '%s\\n' hello | cat"], "safe");
  });
});
