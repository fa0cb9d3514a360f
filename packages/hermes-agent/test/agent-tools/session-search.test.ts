import { appendFile, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { SessionStore } from "../../src/index.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

describe("session files", () => {
  let dir: TempDir;
  beforeEach(async () => {
    dir = await createTempDir("hermes-sessions-");
  });
  afterEach(async () => {
    await dir.remove();
  });

  test("one append-only JSONL file per session, header first", async () => {
    const store = new SessionStore(dir.path);
    const id = await store.create({ source: "cli", model: "test-model" });
    expect(id).toMatch(/^\d{8}_\d{6}_[0-9a-f]{6}$/);
    await store.append(id, [{ role: "user", content: "hello there" }]);
    await store.append(id, [
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "terminal", arguments: '{"command":"ls"}' },
          },
        ],
      },
      { role: "tool", content: '{"output":"a.txt"}', tool_call_id: "c1" },
    ]);
    const lines = (await readFile(path.join(dir.path, `${id}.jsonl`), "utf8")).trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      type: "session",
      id,
      source: "cli",
      model: "test-model",
    });
    const { messages } = await store.read(id);
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
  });

  test("a line torn by a crash is skipped, and later appends start on a fresh line", async () => {
    const store = new SessionStore(dir.path);
    const id = await store.create({ id: "torn" });
    await store.append(id, [{ role: "user", content: "before the crash" }]);
    await appendFile(path.join(dir.path, "torn.jsonl"), '{"type":"message","role":"assist');
    const reopened = new SessionStore(dir.path);
    await reopened.append(id, [{ role: "user", content: "after the crash" }]);
    const { messages } = await reopened.read(id);
    expect(messages.map((message) => message.content)).toEqual([
      "before the crash",
      "after the crash",
    ]);
    const hits = await reopened.search({ query: "crash" });
    expect(hits[0]?.matches).toBe(2);
  });

  test("session ids that could escape the directory are refused", async () => {
    const store = new SessionStore(dir.path);
    await expect(store.create({ id: "../outside" })).rejects.toThrow(/Invalid session id/);
    await expect(store.append(".hidden", [{ role: "user", content: "x" }])).rejects.toThrow(
      /Invalid session id/,
    );
  });

  test("the index is saved and a new store reads only what was appended since", async () => {
    const first = new SessionStore(dir.path);
    await first.append("s1", [{ role: "user", content: "kubernetes ingress config" }]);
    expect(await first.search({ query: "ingress" })).toHaveLength(1);
    const snapshot = path.join(dir.path, ".index", "minisearch.json");
    expect((await readFile(snapshot, "utf8")).length).toBeGreaterThan(0);
    await first.append("s2", [{ role: "user", content: "postgres ingress migration" }]);
    const second = new SessionStore(dir.path);
    const hits = await second.search({ query: "ingress", limit: 5 });
    expect(hits.map((hit) => hit.session_id).sort()).toEqual(["s1", "s2"]);
    expect(hits.every((hit) => hit.matches === 1)).toBe(true);
    await rm(path.join(dir.path, "s1.jsonl"));
    const third = new SessionStore(dir.path);
    expect((await third.search({ query: "ingress" })).map((hit) => hit.session_id)).toEqual(["s2"]);
  });
});

describe("session_search tool", () => {
  let h: RuntimeHarness;
  beforeEach(async () => {
    h = await startRuntime();
  });
  afterEach(async () => {
    await h.dispose();
  });

  test("finds earlier sessions with dates and snippets, never the current one", async () => {
    const earlier = await h.runtime.startSession({ source: "chat", model: "m1" });
    await earlier.record([
      { role: "user", content: "The nginx reverse proxy returns 502 after the deploy" },
      { role: "assistant", content: "The upstream port changed to 8081; update proxy_pass." },
    ]);
    await earlier.end();
    const unrelated = await h.runtime.startSession();
    await unrelated.record([{ role: "user", content: "Write a haiku about autumn leaves" }]);
    const current = await h.runtime.startSession();
    await current.record([{ role: "user", content: "nginx again? what did we find last time" }]);
    const result = parse(
      await current.handleAgentTool("session_search", { query: "nginx proxy 502" }),
    );
    expect(result).toMatchObject({ success: true, count: 1, query: "nginx proxy 502" });
    const hit = (result.results as Array<Record<string, unknown>>)[0];
    expect(hit).toMatchObject({ session_id: earlier.id, source: "chat", model: "m1" });
    expect(String(hit?.when)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const snippets = hit?.snippets as Array<{ role: string; text: string }>;
    expect(snippets.map((snippet) => snippet.text).join(" ")).toContain("nginx reverse proxy");
    expect(result.sessions_searched).toBe(3);
  });

  test("role_filter and limit narrow the results; bad input is a clear error", async () => {
    for (let index = 0; index < 4; index++) {
      const session = await h.runtime.startSession();
      await session.record([
        { role: "user", content: `deploy question number ${index}` },
        { role: "assistant", content: "use the blue-green deploy script" },
      ]);
    }
    const asker = await h.runtime.startSession();
    const limited = parse(
      await asker.handleAgentTool("session_search", { query: "deploy", limit: 2 }),
    );
    expect(limited.count).toBe(2);
    const onlyAssistant = parse(
      await asker.handleAgentTool("session_search", {
        query: "question",
        role_filter: "assistant",
      }),
    );
    expect(onlyAssistant.count).toBe(0);
    expect(parse(await asker.handleAgentTool("session_search", { query: "" })).error).toMatch(
      /query is required/,
    );
    expect(
      parse(await asker.handleAgentTool("session_search", { query: "x", limit: "lots" })).error,
    ).toMatch(/limit must be a whole number/);
  });

  test("tool calls are searchable by the command they ran", async () => {
    const session = await h.runtime.startSession();
    await session.record([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "terminal", arguments: '{"command":"systemctl status chronyd"}' },
          },
        ],
      },
    ]);
    const asker = await h.runtime.startSession();
    const result = parse(await asker.handleAgentTool("session_search", { query: "chronyd" }));
    expect(result.count).toBe(1);
  });
});
