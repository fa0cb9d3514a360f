import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { loginMcpServer, McpError } from "../src/index.js";
import { Harness } from "./helpers/fixtures.js";
import { startHttpFixture, type HttpFixture } from "./helpers/http-fixture.js";

const harness = new Harness();
const fixtures: HttpFixture[] = [];
afterEach(async () => {
  await harness.cleanup();
  await Promise.all(fixtures.splice(0).map((f) => f.close()));
});

const parse = (out: unknown) => JSON.parse(out as string) as Record<string, unknown>;

/** Play the user's browser: follow the authorization redirect to the loopback callback. */
async function browser(url: URL): Promise<void> {
  const consent = await fetch(url, { redirect: "manual" });
  const callback = consent.headers.get("location");
  if (callback === null)
    throw new Error(`no redirect from the authorization server (${consent.status})`);
  const answer = await fetch(callback);
  await answer.text();
}

describe("HTTP servers", () => {
  test("an expired session is re-established and a read-only call retried once; a write is not replayed", async () => {
    const fixture = await startHttpFixture();
    fixtures.push(fixture);
    const { manager, registry } = harness.manager(
      { notes: { url: fixture.url, headers: { "X-Hermes-Test": "team-${TEAM}" } } },
      { env: { TEAM: "blue" } },
    );
    await manager.discoverMcpTools();
    expect(parse(await registry.dispatch("mcp__notes__whoami", {})).result).toBe(
      "an authorised client",
    );
    expect(new Set(fixture.headers)).toEqual(new Set(["team-blue"]));

    fixture.dropSessions();
    expect(parse(await registry.dispatch("mcp__notes__whoami", {})).result).toBe(
      "an authorised client",
    );
    expect(fixture.calls.get("whoami")).toBe(2);

    fixture.dropSessions();
    const write = parse(await registry.dispatch("mcp__notes__write_note", {}));
    expect(write.error).toMatch(/session expired during 'write_note'; it may or may not have run/);
    expect(fixture.calls.get("write_note")).toBeUndefined();
    expect(parse(await registry.dispatch("mcp__notes__write_note", {})).result).toBe("written");
  });

  test("auth: oauth without a login fails with what to run, and is not retried in a loop", async () => {
    const fixture = await startHttpFixture({ oauth: true });
    fixtures.push(fixture);
    const { manager } = harness.manager(
      { secure: { url: fixture.url, auth: "oauth" } },
      {
        retry: {
          initialDelayMs: 10,
          maxDelayMs: 10,
          failureThreshold: 3,
          cooldownMs: 10,
          maxCooldownMs: 10,
        },
      },
    );
    expect(await manager.discoverMcpTools()).toEqual([]);
    const [status] = manager.status();
    expect(status?.state).toBe("failed");
    expect(status?.error).toBe("requires authentication. Run `hermes mcp login secure`");
    expect(status?.nextRetryAt).toBeUndefined();
    expect(fixture.stats.authorizations).toBe(0);
  });

  test("login (PKCE, dynamic registration, loopback callback) stores tokens 0600 and they are refreshed", async () => {
    const fixture = await startHttpFixture({ oauth: true });
    fixtures.push(fixture);
    const home = harness.home();
    await loginMcpServer({
      server: "secure",
      url: fixture.url,
      hermesHome: home,
      openAuthorizationUrl: browser,
      timeoutMs: 10_000,
    });
    expect(fixture.stats.authorizations).toBe(1);
    const tokenFile = path.join(home, "mcp-tokens", "secure.json");
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(tokenFile)).mode & 0o777).toBe(0o700);
    const firstToken = (
      JSON.parse(readFileSync(tokenFile, "utf8")) as { tokens: { access_token: string } }
    ).tokens.access_token;

    const { manager, registry } = harness.manager(
      { secure: { url: fixture.url, auth: "oauth" } },
      { hermesHome: home },
    );
    expect(await manager.discoverMcpTools()).toEqual([
      "mcp__secure__whoami",
      "mcp__secure__write_note",
    ]);
    expect(parse(await registry.dispatch("mcp__secure__whoami", {})).result).toBe(
      "an authorised client",
    );

    // Once the access token expires, the next call is refused, the token refreshed, the call retried.
    fixture.expireAccessTokens();
    expect(parse(await registry.dispatch("mcp__secure__whoami", {})).result).toBe(
      "an authorised client",
    );
    expect(fixture.stats.refreshes).toBeGreaterThanOrEqual(1);
    const stored = JSON.parse(readFileSync(tokenFile, "utf8")) as {
      tokens: { access_token: string };
    };
    expect(stored.tokens.access_token).not.toBe(firstToken);
    expect(fixture.stats.authorizations).toBe(1);
  });

  test("a login that the browser never completes times out with a clear error", async () => {
    const fixture = await startHttpFixture({ oauth: true });
    fixtures.push(fixture);
    const error: unknown = await loginMcpServer({
      server: "secure",
      url: fixture.url,
      hermesHome: harness.home(),
      openAuthorizationUrl: () => undefined,
      timeoutMs: 200,
    }).catch((e: unknown) => e);
    expect(McpError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/No answer from the browser within 0.2s/);
  });
});
