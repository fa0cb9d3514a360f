import type { Readable, Writable } from "node:stream";
import {
  parsePromptAnswer,
  type ApprovalPrompt,
  type ApprovalPromptRequest,
  type AskOptions,
  type PromptAnswer,
} from "./approval-prompt.js";

/** Streams of the CLI prompt; default `process.stdin` and `process.stderr`. */
export interface CliPromptOptions {
  readonly input?: Readable;
  readonly output?: Writable;
}

const CTRL_C = "\u0003";
const CTRL_D = "\u0004";

function menu(request: ApprovalPromptRequest): string {
  if (request.smartDenied) return "[o]nce | [d]eny";
  const options = ["[o]nce"];
  if (request.allowSession) options.push("[s]ession");
  if (request.allowPermanent) options.push("[a]lways");
  options.push("[d]eny");
  return options.join(" | ");
}

function render(request: ApprovalPromptRequest, timeoutMs: number): string {
  const heading = request.smartDenied
    ? `⚠️  The security reviewer DENIED this command: ${request.description}`
    : `⚠️  Dangerous command: ${request.description}`;
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  const command = visible(request.command).replace(/\n/g, "\n    ");
  return `\n${heading}\n\n    ${command}\n${scopeLine(request)}\nAllow it? ${menu(request)} (no answer in ${seconds}s = deny): `;
}

/** What "session" / "always" would cover, when the request says. */
function scopeLine(request: ApprovalPromptRequest): string {
  const targets = request.targetClasses;
  if (
    targets === undefined ||
    targets.length === 0 ||
    (!request.allowSession && !request.allowPermanent)
  )
    return "";
  const where = targets.map((target) => visible(target)).join(", ");
  return `\n    (session/always approve this kind of command for: ${where})\n`;
}

// A command could carry terminal escapes that redraw the line the user is reading (hiding the
// dangerous part), so control characters are shown as escapes, never sent to the terminal.
function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, (c) => {
    const code = c.charCodeAt(0);
    return code === 9 ? "\t" : `\\x${code.toString(16).padStart(2, "0")}`;
  });
}

/**
 * The interactive `[o]nce | [s]ession | [a]lways | [d]eny` prompt over a pair of streams. One line
 * is read; end of input, Ctrl-C, Ctrl-D or an unknown answer is a denial, silence until the
 * timeout is `timeout`.
 */
export function createCliPrompt(options: CliPromptOptions = {}): ApprovalPrompt {
  // One question at a time: two concurrent prompts on one stream would both take the next line.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    version: 1,
    ask(request, askOptions): Promise<PromptAnswer> {
      const next = queue.then(() => askOnce(options, request, askOptions));
      queue = next;
      return next;
    },
  };
}

function askOnce(
  options: CliPromptOptions,
  request: ApprovalPromptRequest,
  { timeoutMs, signal }: AskOptions,
): Promise<PromptAnswer> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stderr;
  return new Promise<PromptAnswer>((resolve) => {
    let buffer = "";
    let done = false;
    const finish = (answer: PromptAnswer, note: string): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      input.off("data", onData);
      input.off("end", onEnd);
      input.off("close", onEnd);
      input.off("error", onEnd);
      signal?.removeEventListener("abort", onAbort);
      input.pause();
      output.write(`${note}\n`);
      resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      buffer += typeof chunk === "string" ? chunk : chunk.toString("utf8");
      if (buffer.includes(CTRL_C) || buffer.includes(CTRL_D)) {
        finish("deny", "\n✗ Denied.");
        return;
      }
      const newline = buffer.search(/\r?\n|\r/);
      if (newline < 0) return;
      // Only the first line answers; text typed after it was typed before any later question
      // was shown, so it is dropped rather than kept for that question.
      const line = buffer.slice(0, newline);
      buffer = "";
      const choice = parsePromptAnswer(line, request);
      finish(choice, choice === "deny" ? "✗ Denied." : `✓ Approved (${choice}).`);
    };
    const onEnd = (): void => finish("deny", "\n✗ Denied (no input).");
    const onAbort = (): void => finish("cancelled", "\n✗ Cancelled.");
    const timer = setTimeout(() => finish("timeout", "\n✗ Timed out; denied."), timeoutMs);
    timer.unref();
    if (signal?.aborted === true) {
      onAbort();
      return;
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    if (input.readableEnded || input.destroyed) {
      onEnd();
      return;
    }
    flushBuffered(input);
    output.write(render(request, timeoutMs));
    input.on("data", onData);
    input.once("end", onEnd);
    input.once("close", onEnd);
    input.once("error", onEnd);
    input.resume();
  });
}

/**
 * Drop input that arrived before the question was shown: keystrokes typed earlier (even "a")
 * must never answer a prompt the user has not seen.
 */
function flushBuffered(input: Readable): void {
  try {
    while (input.readableLength > 0 && input.read() !== null) {
      // Discarded on purpose.
    }
  } catch {
    // A stream that cannot be read from will end the question through its "end" or "error".
  }
}
