import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BLOCKED_URL_MESSAGE,
  createUrlPolicy,
  FetchError,
  FetchErrorCode,
  safeFetch,
} from "../src/index.js";

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/to-metadata") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(100));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("safeFetch", () => {
  test("refuses a loopback URL unless private URLs are allowed", async () => {
    const refused = safeFetch(`${origin}/a`, { policy: createUrlPolicy(false) });
    await expect(refused).rejects.toThrow(BLOCKED_URL_MESSAGE);
    await expect(refused).rejects.toSatisfy(
      (e) => FetchError.isInstance(e) && e.code === FetchErrorCode.BlockedAddress,
    );
    const fetched = await safeFetch(`${origin}/a`, { policy: createUrlPolicy(true) });
    expect(fetched.status).toBe(200);
    expect(fetched.body.toString()).toBe("x".repeat(100));
  });

  test("refuses a redirect to cloud metadata even for a trusted origin", async () => {
    const policy = createUrlPolicy(false, [origin]);
    await expect(safeFetch(`${origin}/to-metadata`, { policy })).rejects.toThrow(
      BLOCKED_URL_MESSAGE,
    );
  });

  test("cuts the body at maxBytes and says so", async () => {
    const fetched = await safeFetch(`${origin}/a`, {
      policy: createUrlPolicy(true),
      limits: { maxBytes: 10 },
    });
    expect(fetched.truncated).toBe(true);
    expect(fetched.body.length).toBe(10);
  });

  test("rejects a non-http scheme with a clear message", async () => {
    await expect(
      safeFetch("file:///etc/hostname", { policy: createUrlPolicy(true) }),
    ).rejects.toThrow(/only http and https/);
  });
});
