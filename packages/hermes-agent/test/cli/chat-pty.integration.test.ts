import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { spawn, type IPty } from "@lydell/node-pty";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cliCommand, cliEnv } from "../helpers/cli-process.js";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../helpers/scripted-model-server.js";

const ESC = String.fromCharCode(27);
/** Drop terminal control sequences so assertions read the text a person sees. */
function plain(text: string): string {
  return text.replace(new RegExp(`${ESC}\\[[0-9;?]*[A-Za-z]`, "g"), "").replace(/\r/g, "");
}

/** A CLI child on a real pseudo-terminal, with waits on what it has printed. */
interface Terminal {
  readonly pty: IPty;
  /** Everything printed so far, control sequences kept. */
  output(): string;
  /** Resolve once the plain output after `from` matches `pattern`; returns the new offset. */
  waitFor(pattern: RegExp, from?: number): Promise<number>;
  readonly exited: Promise<number>;
  /** Signal the child unless it has exited. */
  kill(signal: string): void;
}

function startTerminal(home: string, env: Record<string, string>): Terminal {
  const line = cliCommand(["chat"]);
  const pty = spawn(line.command, line.args, {
    name: "xterm-256color",
    cols: 120,
    rows: 40,
    cwd: home,
    env: { ...cliEnv(home, env), TERM: "xterm-256color" },
  });
  let text = "";
  const waiters: Array<() => void> = [];
  pty.onData((data) => {
    text += data;
    for (const wake of waiters.splice(0)) wake();
  });
  let running = true;
  const exited = new Promise<number>((resolve) =>
    pty.onExit(({ exitCode }) => {
      running = false;
      resolve(exitCode);
    }),
  );
  const waitFor = async (pattern: RegExp, from = 0): Promise<number> => {
    for (;;) {
      const match = pattern.exec(plain(text).slice(from));
      if (match !== null) return from + match.index + match[0].length;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const kill = (signal: string): void => {
    if (running) pty.kill(signal);
  };
  return { pty, output: () => text, waitFor, exited, kill };
}

let home: TempDir;
let server: ScriptedModelServer | undefined;
let terminal: Terminal | undefined;
beforeEach(async () => {
  home = await createTempDir("hermes-chat-pty-");
});
afterEach(async () => {
  if (terminal !== undefined) {
    // SIGTERM lets the CLI kill the commands it started; SIGKILL only if it does not exit.
    const { exited, kill } = terminal;
    terminal = undefined;
    kill("SIGTERM");
    const force = setTimeout(() => kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(force);
  }
  await server?.close();
  server = undefined;
  await home.remove();
});

describe("hermes-agent chat on a real terminal", { timeout: 120_000 }, () => {
  test("approval prompt answered once, spinner and progress lines, Ctrl-C interrupts a turn, slash commands, Ctrl-C twice exits", async () => {
    // Harmless if it runs: the recursive delete only ever targets this marker directory.
    const victim = path.join(home.path, "victim");
    await mkdir(victim);
    server = await startScriptedModelServer([
      { toolCalls: [{ name: "terminal", arguments: { command: `rm -rf ${victim}` } }] },
      { content: "Deleted it." },
      { toolCalls: [{ name: "terminal", arguments: { command: "sleep 30" } }] },
      { content: "never reached" },
    ]);
    terminal = startTerminal(home.path, {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: "k",
      HERMES_MODEL: "scripted",
    });
    const t = terminal;
    let at = await t.waitFor(/› /);

    t.pty.write("clean up please\r");
    at = await t.waitFor(/\[o\]nce \| \[s\]ession \| \[a\]lways \| \[d\]eny: /, at);
    expect(plain(t.output())).toContain(`rm -rf ${victim}`);
    t.pty.write("o\r");
    at = await t.waitFor(/Deleted it\./, at);
    expect(existsSync(victim)).toBe(false);
    expect(plain(t.output())).toMatch(/✓ 💻 terminal \{"command":"rm -rf [^\n]*\(\d+\.\d+s\)/);
    at = await t.waitFor(/› /, at);

    t.pty.write("wait a while\r");
    at = await t.waitFor(/terminal \{"command":"sleep 30"\}/, at);
    // ora's dots spinner: a braille frame in front of the running call.
    expect(plain(t.output())).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] 💻 terminal \{"command":"sleep 30"\}/);
    t.pty.write("\x03");
    at = await t.waitFor(/\(interrupted\)/, at);
    at = await t.waitFor(/› /, at);

    t.pty.write("/help\r");
    at = await t.waitFor(/Commands: \/tools, \/toolsets, \/reset, \/help, \/exit/, at);
    t.pty.write("/toolsets\r");
    at = await t.waitFor(/Platform presets:/, at);
    t.pty.write("/nope\r");
    at = await t.waitFor(/Unknown command \/nope/, at);

    t.pty.write("\x03");
    await t.waitFor(/press Ctrl-C again to exit/, at);
    t.pty.write("\x03");
    expect(await t.exited).toBe(0);
    expect(server.requests).toHaveLength(3);
  });
});
