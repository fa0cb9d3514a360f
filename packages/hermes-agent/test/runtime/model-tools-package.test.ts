import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hermesConfigSchema } from "@hermes-agent/config";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import type { RuntimeOptions } from "../../src/index.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

interface VisionRequest {
  model: string;
  messages: { content: { type: string; text?: string; image_url?: { url: string } }[] }[];
}

const harnesses: RuntimeHarness[] = [];
const received: VisionRequest[] = [];
let vision: Server;
let visionUrl: string;
let site: Server;
let siteUrl: string;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

beforeAll(async () => {
  // An OpenAI-compatible vision endpoint that describes whatever it is sent.
  vision = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(parts).toString("utf8")) as VisionRequest;
      received.push(body);
      const image = body.messages[0]?.content[1]?.image_url?.url ?? "";
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "c1",
          object: "chat.completion",
          created: 0,
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: "stop",
              message: { role: "assistant", content: `I see a ${image.slice(5, 14)} page.` },
            },
          ],
        }),
      );
    });
  });
  visionUrl = `${await listen(vision)}/v1`;
  site = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<html><body style='background:#c00'><h1>Red page</h1></body></html>");
  });
  siteUrl = await listen(site);
});

afterAll(async () => {
  await new Promise<void>((resolve) => vision.close(() => resolve()));
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

afterEach(async () => {
  received.length = 0;
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

async function start(
  env: Record<string, string | undefined>,
  options: RuntimeOptions = {},
): Promise<RuntimeHarness> {
  const harness = await startRuntime({
    env: { PATH: process.env.PATH, LANG: "C.UTF-8", ...env },
    ...options,
  });
  harnesses.push(harness);
  return harness;
}

test("the model tools are registered and hidden, with the reasons logged, until configured", async () => {
  const { runtime, logger } = await start({});
  const names = runtime.getToolDefinitions().map((d) => d.function.name);
  expect(names).not.toContain("vision_analyze");
  expect(names).not.toContain("image_generate");
  expect(names).not.toContain("mixture_of_agents");
  expect(logger.lines).toContain("info image_generate unavailable: FAL_KEY is not set");
  expect(logger.lines.some((l) => l.startsWith("info vision_analyze unavailable:"))).toBe(true);

  const keyed = await start({
    FAL_KEY: "fal-key",
    OPENAI_API_KEY: "sk-main",
    OPENAI_BASE_URL: visionUrl,
    HERMES_MODEL: "main-model",
  });
  const available = keyed.runtime.getToolDefinitions().map((d) => d.function.name);
  expect(available).toEqual(expect.arrayContaining(["vision_analyze", "image_generate"]));
  const data = `data:image/png;base64,${Buffer.from("89504e470d0a1a0a0000", "hex").toString("base64")}`;
  const result = parse(
    await keyed.runtime.handleFunctionCall("vision_analyze", { image_url: data, question: "q" }),
  );
  expect(result).toEqual({ success: true, analysis: "I see a image/png page." });
  expect(received[0]?.model).toBe("main-model");
});

test("browser_vision sends a real screenshot through vision_analyze to the vision model", async () => {
  const config = hermesConfigSchema.parse({
    auxiliary: { vision: { base_url: visionUrl, api_key: "vision-key", model: "vision-model" } },
    browser: { allow_private_urls: true },
  });
  const { runtime } = await start({ CHROME_PATH: "/usr/bin/chromium" }, { config });
  expect(runtime.getToolDefinitions().map((d) => d.function.name)).toContain("browser_vision");
  const opened = parse(
    await runtime.handleFunctionCall("browser_navigate", { url: `${siteUrl}/` }, { taskId: "v" }),
  );
  expect(opened["success"]).toBe(true);
  const result = parse(
    await runtime.handleFunctionCall(
      "browser_vision",
      { question: "What colour is the page?" },
      { taskId: "v" },
    ),
  );
  expect(result["success"]).toBe(true);
  expect(result["analysis"]).toBe("I see a image/png page.");
  expect(existsSync(String(result["screenshot_path"]))).toBe(true);
  expect(received).toHaveLength(1);
  const [question, image] = received[0]?.messages[0]?.content ?? [];
  expect(received[0]?.model).toBe("vision-model");
  expect(question?.text).toContain("What colour is the page?");
  const png = Buffer.from(String(image?.image_url?.url).split(",")[1] ?? "", "base64");
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(png.length).toBeGreaterThan(1000);
}, 60_000);
