import { beforeAll, describe, expect, it } from "vitest";
import { initializeParser, parseShell } from "../src/index.js";

// Scripts are only parsed, never run.
describe("loops that start background jobs", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  const loopOf = (text: string): string | undefined => parseShell(text).spawningLoop;

  it("marks endless loops whose passes each start a job", () => {
    for (const text of [
      "while true; do bash & done",
      "while :; do sh -c : & done",
      "while [ 1 ]; do x & done",
      "until false; do ./a.out & done",
      "for ((;;)); do sleep 1 & done",
      "while true\ndo\n  (curl -s x.example &)\ndone",
      "f() { while true; do g & done; }",
    ])
      expect(loopOf(text), text).toBe("endless");
  });

  it("marks counted loops as bounded", () => {
    for (const text of [
      "for i in $(seq 64); do yes > /dev/null & done",
      "for ((i = 0; i < 8; i++)); do worker & done",
      'while read -r h; do ping -c1 "$h" & done < hosts',
    ])
      expect(loopOf(text), text).toBe("bounded");
  });

  it("leaves throttled loops, foreground loops and plain background jobs alone", () => {
    for (const text of [
      "while true; do curl -s localhost:8080/health & sleep 5; done",
      "while true; do make; sleep 1; done",
      'for f in *.log; do gzip "$f"; done',
      "npm run dev &",
      "while true; do a && b; done",
    ])
      expect(loopOf(text), text).toBeUndefined();
  });
});
