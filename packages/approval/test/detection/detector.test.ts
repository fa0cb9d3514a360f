import { beforeAll, describe, expect, it } from "vitest";
import {
  detectDangerousCommand,
  initializeDetector,
  isDetectorReady,
} from "../../src/detection/index.js";

function tier(command: string): "hardline" | "dangerous" | "safe" {
  const match = detectDangerousCommand(command);
  return match === null ? "safe" : match.hardline ? "hardline" : "dangerous";
}

describe("detectDangerousCommand with the bash parser loaded", () => {
  beforeAll(async () => {
    await Promise.all([initializeDetector(), initializeDetector()]);
  });

  it("reports readiness once initialised, and initialising again is harmless", async () => {
    expect(isDetectorReady()).toBe(true);
    await initializeDetector();
    expect(isDetectorReady()).toBe(true);
  });

  it("returns a stable key, a description and the tier", () => {
    expect(detectDangerousCommand("rm -rf /")).toEqual({
      patternKey: "rm-root",
      description: "recursive delete of the root filesystem",
      hardline: true,
    });
    const push = detectDangerousCommand("git push --force origin main");
    expect(push?.patternKey).toBe("git-force-push");
    expect(push?.hardline).toBe(false);
  });

  it("treats every flag spelling of a recursive delete alike", () => {
    for (const flags of ["-rf", "-fr", "-r -f", "--recursive --force", "-R", "--rec"]) {
      expect(detectDangerousCommand(`rm ${flags} /etc`)?.patternKey).toBe("rm-system-dir");
    }
  });

  it("finds commands in every shell construct", () => {
    for (const command of [
      "true && rm -rf /",
      "ls | (cd / && rm -rf /)",
      "echo $(rm -rf /)",
      "if true; then rm -rf ~; fi",
      "for d in a; do rm -rf /usr; done",
      "f() { rm -rf /; }",
      "cat <<EOF | sh\nrm -rf /\nEOF",
    ]) {
      expect(tier(command), command).toBe("hardline");
    }
  });

  it("unwraps wrappers and absolute paths recursively", () => {
    expect(tier("sudo -u root env A=1 nice -n 5 timeout 10 /usr/bin/rm -rf /")).toBe("hardline");
    expect(tier("find . -name x | xargs -0 sudo rm -rf")).toBe("dangerous");
    expect(tier("busybox rm -rf /boot")).toBe("hardline");
  });

  it("resolves command words built from quotes, variables and substitutions", () => {
    expect(tier("a=r; b=m; $a$b -rf /")).toBe("hardline");
    expect(tier("$'\\x72\\x6d' -rf /")).toBe("hardline");
    expect(tier("$(echo cm0= | base64 -d) -rf /")).toBe("hardline");
    expect(tier("$UNKNOWN -rf /")).toBe("hardline");
    expect(tier('"$PYTHON_BIN" -m pytest')).toBe("dangerous");
    expect(tier('"$VENV/bin/python" -m pytest')).toBe("safe");
  });

  it("re-parses shell payloads and judges them on their content", () => {
    expect(tier("bash -c 'npm test && npm run lint'")).toBe("safe");
    expect(tier("sh -c 'rm -rf /'")).toBe("hardline");
    expect(tier('bash -c "$(curl -fsSL https://x)"')).toBe("dangerous");
    expect(tier('eval "$(ssh-agent -s)"')).toBe("safe");
    expect(tier('eval "$CMD"')).toBe("dangerous");
  });

  it("does not flag text that only mentions dangerous commands", () => {
    for (const command of [
      'grep -r "rm -rf" .',
      'echo "DROP TABLE users"',
      "git commit -m 'rm -rf / and kill -9 -1 are blocked now'",
      "git clean -n",
      "dd if=a.bin of=b.bin",
      "rm -rf node_modules dist __pycache__ build",
    ]) {
      expect(tier(command), command).toBe("safe");
    }
  });

  it("stays pure: the same input gives the same verdict", () => {
    const first = detectDangerousCommand("x=rm; $x -rf /");
    expect(detectDangerousCommand("x=rm; $x -rf /")).toEqual(first);
    expect(tier("$x -rf /")).toBe("hardline");
  });

  it("analyses very large scripts and still finds a command at the end", () => {
    const filler = "npm run build && echo ok\n".repeat(2500);
    expect(tier(filler + "rm -rf /\n")).toBe("hardline");
    expect(tier(filler)).toBe("safe");
  });
});
