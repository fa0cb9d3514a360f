import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";

function tier(command: string): "hardline" | "dangerous" | "safe" {
  const match = detectDangerousCommand(command);
  return match === null ? "safe" : match.hardline ? "hardline" : "dangerous";
}

describe("shell option bundles are read as bash reads them", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("an `o` or `O` inside a bundle takes the next argument, so `-c` after it is still seen", () => {
    const forms = [
      "bash -lO extglob -lc 'rm -rf /'",
      "bash +lO extglob -c 'rm -rf /'",
      "bash -lo posix -c 'rm -rf /'",
      "bash -eO nullglob -O dotglob -xc 'rm -rf /'",
      "sh -eo pipefail -c 'rm -rf /'",
      "bash -Oextglob -c 'rm -rf /'",
    ];
    for (const form of forms) expect(tier(form), form).toBe("hardline");
  });

  it("harmless payloads behind the same bundles stay safe", () => {
    expect(tier("bash -lO extglob -lc 'echo ok'")).toBe("safe");
    expect(tier("bash -eo pipefail -c 'ls | wc -l'")).toBe("safe");
  });

  it("coproc runs its command", () => {
    expect(tier("coproc rm -rf /")).toBe("hardline");
    expect(tier("coproc sleep 1")).toBe("safe");
  });
});
