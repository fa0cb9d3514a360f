import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { beforeAll, describe, expect, test } from "vitest";
import {
  createApprovalManager,
  createCliPrompt,
  detectDangerousCommand,
  initializeDetector,
  type ApprovalPromptRequest,
} from "../../src/index.js";
import { auditLines, DANGEROUS, DANGEROUS_2, onCleanup, tempHome } from "./helpers.js";

/**
 * A real child process standing in for the person at the terminal: it writes `answer` (or
 * nothing) to its stdout, which is piped into the prompt's input, then exits or idles.
 */
function answeringChild(answer: string | null, { linger = false } = {}): Readable {
  const script =
    answer === null
      ? linger
        ? "setTimeout(() => {}, 60000)"
        : "process.exit(0)"
      : `process.stdout.write(${JSON.stringify(answer)}); ${linger ? "setTimeout(() => {}, 60000)" : ""}`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return child.stdout;
}

const REQUEST: ApprovalPromptRequest = {
  sessionKey: "s1",
  command: DANGEROUS,
  patternKey: "git reset --hard",
  description: "discards uncommitted work",
  allowPermanent: true,
  allowSession: true,
  smartDenied: false,
};

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  return { stream, text: () => text };
}

describe("CLI prompt answered by a child process", () => {
  test.each([
    ["o\n", "once"],
    ["s\n", "session"],
    ["a\n", "always"],
    ["always\n", "always"],
    ["d\n", "deny"],
    ["yes please\n", "deny"],
    ["v\n", "deny"],
  ])("%j → %s", async (answer, expected) => {
    const input = answeringChild(answer, { linger: true });
    const out = capture();
    const prompt = createCliPrompt({ input, output: out.stream });
    await expect(prompt.ask(REQUEST, { timeoutMs: 10_000 })).resolves.toBe(expected);
    expect(out.text()).toContain("[o]nce | [s]ession | [a]lways | [d]eny");
    expect(out.text()).toContain(DANGEROUS);
  });

  test("end of input (the child closes stdout without answering) is a denial", async () => {
    const input = answeringChild(null);
    const prompt = createCliPrompt({ input, output: new PassThrough() });
    await expect(prompt.ask(REQUEST, { timeoutMs: 10_000 })).resolves.toBe("deny");
  });

  test("Ctrl-C is a denial", async () => {
    const input = answeringChild("\u0003", { linger: true });
    const prompt = createCliPrompt({ input, output: new PassThrough() });
    await expect(prompt.ask(REQUEST, { timeoutMs: 10_000 })).resolves.toBe("deny");
  });

  test("silence until the timeout is `timeout`", async () => {
    const input = answeringChild(null, { linger: true });
    const prompt = createCliPrompt({ input, output: new PassThrough() });
    await expect(prompt.ask(REQUEST, { timeoutMs: 150 })).resolves.toBe("timeout");
  });

  test("after a reviewer denial only once/deny are offered, and `session` denies", async () => {
    const input = answeringChild("s\n", { linger: true });
    const out = capture();
    const prompt = createCliPrompt({ input, output: out.stream });
    const request = { ...REQUEST, smartDenied: true, allowPermanent: false, allowSession: false };
    await expect(prompt.ask(request, { timeoutMs: 10_000 })).resolves.toBe("deny");
    expect(out.text()).toContain("[o]nce | [d]eny");
    expect(out.text()).not.toContain("[a]lways");
  });

  test("an aborted signal cancels the wait", async () => {
    const input = answeringChild(null, { linger: true });
    const prompt = createCliPrompt({ input, output: new PassThrough() });
    const controller = new AbortController();
    const pending = prompt.ask(REQUEST, { timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toBe("cancelled");
  });
});

describe("checkDangerousCommand through the CLI prompt", () => {
  // The manager loads @hermes-agent/config on its first config read. The child writes its
  // answer as soon as it starts, and the prompt drops input that came before its question, so
  // the package (and the detector, warmed on the command) is loaded up front: the question
  // must not wait for it.
  beforeAll(async () => {
    await import("@hermes-agent/config");
    await initializeDetector();
    detectDangerousCommand(DANGEROUS);
  });

  const CONFIG = [
    "# my hermes config",
    "approvals:",
    "  mode: manual # ask me",
    "",
    "# commands I trust",
    "command_allowlist:",
    "  - make deploy # the usual",
    "",
  ].join("\n");

  test("`a` approves, remembers for the session and writes command_allowlist keeping comments", async () => {
    const home = await tempHome(CONFIG);
    const input = answeringChild("a\n", { linger: true });
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      prompt: createCliPrompt({ input, output: new PassThrough() }),
    });
    const result = await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "s1",
    });
    expect(result).toMatchObject({
      approved: true,
      message: null,
      userApproved: true,
      choice: "always",
    });
    const key = result.patternKey ?? "";
    expect(manager.isApproved("s1", key)).toBe(true);

    const yaml = await readFile(path.join(home.path, "config.yaml"), "utf8");
    expect(yaml).toContain("# my hermes config");
    expect(yaml).toContain("mode: manual # ask me");
    expect(yaml).toContain("# commands I trust");
    expect(yaml).toContain("- make deploy # the usual");
    expect(yaml).toContain(key);

    // A new manager (a new process) reads the permanent approval back: no prompt this time.
    const fresh = createApprovalManager({ home: home.path, env: {}, interactive: false });
    await expect(
      fresh.checkDangerousCommand(DANGEROUS, { envType: "local", sessionKey: "other" }),
    ).resolves.toMatchObject({ approved: true });
    expect(await fresh.listApprovals()).toContainEqual({
      scope: "permanent",
      patternKey: `${key}@workspace`,
      targetClass: "workspace",
    });

    const log = await auditLines(home.path);
    expect(log[0]).toMatchObject({
      session: "s1",
      pattern_key: key,
      command: DANGEROUS,
      decision: "approved",
      decider: "user",
      choice: "always",
    });
  });

  test("`s` approves for this session only", async () => {
    const home = await tempHome(CONFIG);
    const input = answeringChild("s\n", { linger: true });
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      prompt: createCliPrompt({ input, output: new PassThrough() }),
    });
    const first = await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "s1",
    });
    expect(first).toMatchObject({ approved: true, choice: "session" });
    // Same pattern again in the same session: no prompt (stdin is used up, so a prompt would deny).
    await expect(
      manager.checkDangerousCommand(DANGEROUS, { envType: "local", sessionKey: "s1" }),
    ).resolves.toMatchObject({ approved: true, decider: "session" });
    expect(await readFile(path.join(home.path, "config.yaml"), "utf8")).toBe(CONFIG);
  });

  test("`d` denies with Hermes' message and outcome", async () => {
    const home = await tempHome();
    const input = answeringChild("d\n", { linger: true });
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      prompt: createCliPrompt({ input, output: new PassThrough() }),
    });
    const result = await manager.checkDangerousCommand(DANGEROUS_2, {
      envType: "local",
      sessionKey: "s1",
    });
    expect(result).toMatchObject({ approved: false, outcome: "denied", userConsent: false });
    expect(result.message).toMatch(/^BLOCKED: User denied this command/);
    expect(result.message).toContain("NOT consented");
    expect(result.message).toContain("Do NOT retry");
    expect(result.message).not.toContain("Silence is not consent");
  });

  test("closed stdin and timeout both deny; timeout says silence is not consent", async () => {
    const home = await tempHome();
    const eof = createApprovalManager({
      home: home.path,
      env: {},
      prompt: createCliPrompt({ input: answeringChild(null), output: new PassThrough() }),
    });
    await expect(
      eof.checkDangerousCommand(DANGEROUS, { envType: "local", sessionKey: "s1" }),
    ).resolves.toMatchObject({ approved: false, outcome: "denied" });

    const silent = createApprovalManager({
      home: home.path,
      env: {},
      timeoutMs: 150,
      prompt: createCliPrompt({
        input: answeringChild(null, { linger: true }),
        output: new PassThrough(),
      }),
    });
    const result = await silent.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "s1",
    });
    expect(result).toMatchObject({ approved: false, outcome: "timeout", userConsent: false });
    expect(result.message).toContain("timed out without user response");
    expect(result.message).toContain("Silence is not consent");
    expect((await auditLines(home.path)).map((l) => l.outcome)).toEqual(["denied", "timeout"]);
  });
});

describe("CLI prompt, more than one question", () => {
  test("concurrent questions are asked one at a time; text typed ahead never answers a later one", async () => {
    const input = answeringChild("s\na\n", { linger: true });
    const prompt = createCliPrompt({ input, output: new PassThrough() });
    const answers = await Promise.all([
      prompt.ask(REQUEST, { timeoutMs: 10_000 }),
      prompt.ask({ ...REQUEST, command: DANGEROUS_2 }, { timeoutMs: 300 }),
    ]);
    expect(answers).toEqual(["session", "timeout"]);
  });

  test("input buffered before the question is shown is flushed, not read as the answer", async () => {
    const input = new PassThrough();
    input.write("a\n");
    const prompt = createCliPrompt({ input, output: new PassThrough() });
    expect(await prompt.ask(REQUEST, { timeoutMs: 300 })).toBe("timeout");
    input.destroy();
  });

  test("terminal escapes in the command are shown, not interpreted", async () => {
    const input = answeringChild("d\n", { linger: true });
    const out = capture();
    const prompt = createCliPrompt({ input, output: out.stream });
    await prompt.ask(
      { ...REQUEST, command: "echo hi\u001b[2K\rrm -rf ~/work" },
      { timeoutMs: 10_000 },
    );
    expect(out.text()).toContain("echo hi\\x1b[2K\\x0drm -rf ~/work");
    expect(out.text()).not.toContain("\u001b");
  });
});
