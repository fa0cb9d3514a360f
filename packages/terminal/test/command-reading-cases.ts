import { describe, expect, test } from "vitest";
import { exitCodeMeaning } from "../src/exit-code-hints.js";
import { foregroundHangReason } from "../src/foreground-guard.js";

/** The hang guard's and exit-code hints' contract, with or without the bash grammar loaded. */
export function describeCommandReading(): void {
  describe("foregroundHangReason", () => {
    test.each([
      "nohup python server.py",
      "setsid ./daemon",
      "sleep 100 &",
      "./build.sh & echo started",
      "npm run dev",
      "pnpm dev",
      "yarn start",
      "bun run watch",
      "npx vite",
      "vite --port 3000",
      "next dev",
      "nodemon app.js",
      "uvicorn main:app --reload",
      "gunicorn app:app",
      "python -m http.server 8000",
      "python3 -m http.server",
      "cd web && npm run dev",
      "docker compose up",
      "FOO=1 npm run serve",
    ])("refuses %s", (command) => {
      expect(foregroundHangReason(command)).toBeDefined();
    });

    test.each([
      "ls -la",
      "npm run build",
      "npm test",
      "vite build",
      "npm run dev -- --help",
      "vite --version",
      "make 2>&1 | tail",
      "cmd &> out.log",
      "a && b",
      "echo 'nohup & npm run dev'",
      'echo "sleep 1 &"',
      "docker compose up -d",
      "python -m pytest",
      "grep -r nohup .",
    ])("allows %s", (command) => {
      expect(foregroundHangReason(command)).toBeUndefined();
    });
  });

  describe("exitCodeMeaning", () => {
    test("explains exit codes that are not errors", () => {
      expect(exitCodeMeaning("grep foo file.txt", 1)).toBe("No matches found (not an error)");
      expect(exitCodeMeaning("cat x | rg needle", 1)).toBe("No matches found (not an error)");
      expect(exitCodeMeaning("diff a b", 1)).toBe("Files differ (expected, not an error)");
      expect(exitCodeMeaning("curl -sf https://example.invalid", 6)).toBe("Could not resolve host");
      expect(exitCodeMeaning("test -f missing", 1)).toMatch(/false/);
    });

    test("says nothing for success, real errors or unknown programs", () => {
      expect(exitCodeMeaning("grep foo file.txt", 0)).toBeUndefined();
      expect(exitCodeMeaning("grep foo file.txt", 2)).toBeUndefined();
      expect(exitCodeMeaning("make", 1)).toBeUndefined();
    });
  });
}
