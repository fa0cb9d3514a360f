import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { createOpenAiSamplingModel } from "../src/index.js";
import { fixtureEntry, Harness } from "./helpers/fixtures.js";

const harness = new Harness();
const servers: Server[] = [];
afterEach(async () => {
  await harness.cleanup();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
afterAll(async () => {
  expect(await harness.assertNoChildren()).toEqual([]);
});

/** A scripted OpenAI-compatible chat completions endpoint on loopback; records the bodies. */
async function startModelServer(
  answer: string,
): Promise<{ baseURL: string; bodies: Record<string, unknown>[] }> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      bodies.push(body);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: 0,
          model: body.model,
          choices: [
            { index: 0, message: { role: "assistant", content: answer }, finish_reason: "length" },
          ],
          usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
        }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies };
}

describe("sampling through the openai client", () => {
  test("a server's sampling request reaches an OpenAI-compatible endpoint within the limits", async () => {
    const endpoint = await startModelServer("a short answer");
    const client = new OpenAI({ baseURL: endpoint.baseURL, apiKey: "test-key", maxRetries: 0 });
    const { manager, registry } = harness.manager(
      {
        fx: fixtureEntry("basic", {
          sampling: { enabled: true, model: "configured-model", max_tokens_cap: 64 },
        }),
      },
      { samplingModel: createOpenAiSamplingModel(client, "fallback-model") },
    );
    await manager.discoverMcpTools();
    const out = JSON.parse(
      (await registry.dispatch("mcp__fx__ask_model", { question: "why?" })) as string,
    ) as {
      result: string;
    };
    expect(out.result).toBe("configured-model: a short answer");
    expect(endpoint.bodies).toEqual([
      { model: "configured-model", messages: [{ role: "user", content: "why?" }], max_tokens: 64 },
    ]);
    harness.track(manager);
  });
});
