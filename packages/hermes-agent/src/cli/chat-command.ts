import { createInterface, type Interface } from "node:readline";
import { parsePromptAnswer, type PromptAnswer } from "@hermes-agent/approval";
import type { AgentSession } from "../agent-tools/agent-session.js";
import type { ChatMessage } from "../agent/chat-types.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { err, out, preview, type CliIo } from "./cli-io.js";
import { openRuntime, type GlobalOptions } from "./cli-runtime.js";
import { listTools, printTools } from "./tools-command.js";
import { listToolsets, printToolsets } from "./toolsets-command.js";

function ask(rl: Interface, question: string): Promise<string> {
  return new Promise((resolve) => rl.question(question, resolve));
}

/**
 * `hermes-agent chat`: an interactive session. Replies stream; each tool call prints one line
 * (emoji, name, argument preview, then status and time); dangerous commands ask
 * `[o]nce | [s]ession | [a]lways | [d]eny`; Ctrl-C interrupts the running turn and a second
 * Ctrl-C at the prompt exits; `/tools`, `/toolsets`, `/reset`, `/exit` and plugin commands.
 */
export async function runChat(
  io: CliIo,
  globals: GlobalOptions,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<void> {
  const rl = createInterface({
    input,
    output: io.stdout as NodeJS.WritableStream,
    terminal: io.fancy,
  });
  // Lines are queued as they arrive: piped input delivers them all at once, before the loop asks.
  const lines: string[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  rl.on("line", (line) => {
    lines.push(line);
    wake?.();
  });
  rl.once("close", () => {
    ended = true;
    wake?.();
  });
  const nextLine = async (): Promise<string | undefined> => {
    while (lines.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
    return lines.shift();
  };
  const runtime: HermesRuntime = await openRuntime(
    io,
    globals,
    async (request): Promise<PromptAnswer> => {
      out(io, `\n⚠️  ${request.description}\n    ${request.command}`);
      const answer = await ask(rl, "    [o]nce | [s]ession | [a]lways | [d]eny: ");
      return parsePromptAnswer(answer, request);
    },
    "hermes-cli",
  );
  let session: AgentSession = await runtime.startSession({ source: "chat" });
  let history: ChatMessage[] = [];
  let running: AbortController | undefined;
  let lastInterrupt = 0;
  runtime.events.on("tool:start", (event) => {
    out(io, `  ${runtime.registry.getEmoji(event.tool)} ${event.tool} ${preview(event.args, 60)}`);
  });
  runtime.events.on("tool:end", (event) => {
    out(
      io,
      `    ${event.status === "ok" ? "✓" : "✗"} ${event.tool} ${(event.durationMs / 1000).toFixed(1)}s`,
    );
  });

  rl.on("SIGINT", () => {
    if (running !== undefined) {
      running.abort();
      out(io, "\n(interrupted)");
      return;
    }
    const now = Date.now();
    if (now - lastInterrupt < 2000) {
      rl.close();
      return;
    }
    lastInterrupt = now;
    out(io, "\n(press Ctrl-C again to exit)");
    rl.prompt();
  });
  out(io, "hermes-agent chat: /tools, /toolsets, /reset, /exit. Ctrl-C interrupts a turn.");
  try {
    for (;;) {
      rl.setPrompt("› ");
      rl.prompt();
      const line = await nextLine();
      if (line === undefined) break;
      const text = line.trim();
      if (text === "") continue;
      if (text.startsWith("/")) {
        const [command = "", ...rest] = text.slice(1).split(/\s+/);
        if (command === "exit" || command === "quit") break;
        if (command === "tools") printTools(io, listTools(runtime, io.env), false);
        else if (command === "toolsets") printToolsets(io, listToolsets(runtime), false);
        else if (command === "reset") {
          await session.end();
          session = await runtime.startSession({ source: "chat" });
          history = [];
          out(io, "(new session)");
        } else if (runtime.plugins.commands.has(command)) {
          const plugin = runtime.plugins.commands.get(command);
          const reply = await plugin?.handler({ args: rest.join(" "), sessionId: session.id });
          if (typeof reply === "string") out(io, reply);
        } else err(io, `Unknown command /${command}. Try /tools, /toolsets, /reset, /exit.`);
        continue;
      }
      running = new AbortController();
      try {
        const result = await runtime.runAgent({
          prompt: text,
          messages: history,
          session,
          signal: running.signal,
          source: "chat",
          onText: (delta) => io.stdout.write(delta),
        });
        out(io);
        if (result.status === "failed") err(io, `✗ ${result.error ?? "the run failed"}`);
        history = result.messages.slice(1) as ChatMessage[];
      } catch (error) {
        err(io, `✗ ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = undefined;
      }
    }
  } finally {
    rl.close();
    await session.end();
    await runtime.close();
  }
}
