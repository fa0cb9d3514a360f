import { createInterface, type Interface } from "node:readline";
import { parsePromptAnswer, type PromptAnswer } from "@hermes-agent/approval";
import type { AgentSession } from "../agent-tools/agent-session.js";
import type { ChatMessage } from "../agent/chat-types.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { loadConfigWithDiagnostics } from "@hermes-agent/config";
import { isModelEndpoint, resolveModelEndpoint } from "../agent/model-endpoint.js";
import { CliExit, err, out, type CliIo } from "./cli-io.js";
import { hermesHomeOf } from "./hermes-env.js";
import { openRuntime, type GlobalOptions } from "./cli-runtime.js";
import { listTools, printTools } from "./tools-command.js";
import { listToolsets, printToolsets } from "./toolsets-command.js";
import { ToolProgress } from "./tool-progress.js";

/** Ask one question; resolves undefined when `signal` aborts first (Ctrl-C, timeout). */
function ask(rl: Interface, question: string, signal: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(undefined);
      return;
    }
    signal.addEventListener("abort", () => resolve(undefined), { once: true });
    rl.question(question, { signal }, resolve);
  });
}

const SLASH_HELP = "/tools, /toolsets, /reset, /help, /exit";

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
  // Refused before anything starts: without a model there is nothing to chat with.
  const { config } = await loadConfigWithDiagnostics({
    home: hermesHomeOf(io, globals),
    env: io.env,
  });
  const endpoint = resolveModelEndpoint(config, io.env);
  if (!isModelEndpoint(endpoint)) {
    throw new CliExit(
      `chat needs a model endpoint (missing: ${endpoint.missing.join(", ")}). ${endpoint.advice.join(" ")}`,
    );
  }
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
  // Emoji are looked up when a call starts, after the runtime exists.
  const progress = await ToolProgress.create(io, (tool) => runtime.registry.getEmoji(tool));
  // The approval question being asked, so Ctrl-C can withdraw it (a denial).
  let asking: AbortController | undefined;
  const runtime: HermesRuntime = await openRuntime(
    io,
    globals,
    async (request, options): Promise<PromptAnswer> => {
      progress.pause();
      asking = new AbortController();
      const signals = [asking.signal, AbortSignal.timeout(options.timeoutMs)];
      if (options.signal !== undefined) signals.push(options.signal);
      try {
        out(io, `\n⚠️  ${request.description}\n    ${request.command}`);
        const answer = await ask(
          rl,
          "    [o]nce | [s]ession | [a]lways | [d]eny: ",
          AbortSignal.any(signals),
        );
        return answer === undefined ? "cancelled" : parsePromptAnswer(answer, request);
      } finally {
        asking = undefined;
        progress.resume();
      }
    },
    { platform: "cli" },
  );
  let session: AgentSession = await runtime.startSession({ source: "chat" });
  let history: ChatMessage[] = [];
  let running: AbortController | undefined;
  let lastInterrupt = 0;
  runtime.events.on("tool:start", (event) => progress.start(event));
  runtime.events.on("tool:end", (event) => progress.end(event));

  rl.on("SIGINT", () => {
    if (running !== undefined) {
      asking?.abort();
      running.abort();
      progress.stop();
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
  out(io, `hermes-agent chat: ${SLASH_HELP}. Ctrl-C interrupts a turn, twice exits.`);
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
        if (command === "help") {
          out(io, `Commands: ${SLASH_HELP}`);
          for (const [name, plugin] of runtime.plugins.commands)
            out(io, `  /${name}  ${plugin.description}`);
        } else if (command === "tools") printTools(io, listTools(runtime, io.env), false);
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
        } else err(io, `Unknown command /${command}. Try ${SLASH_HELP}.`);
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
        progress.stop();
      }
    }
  } finally {
    rl.close();
    await session.end();
    await runtime.close();
  }
}
