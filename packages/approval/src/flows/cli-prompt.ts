import type { Readable, Writable } from "node:stream";
import {
  parsePromptAnswer,
  type ApprovalPrompt,
  type ApprovalPromptRequest,
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
  return `\n${heading}\n\n    ${request.command.replace(/\n/g, "\n    ")}\n\nAllow it? ${menu(request)} (no answer in ${seconds}s = deny): `;
}

/**
 * The interactive `[o]nce | [s]ession | [a]lways | [d]eny` prompt over a pair of streams. One line
 * is read; end of input, Ctrl-C, Ctrl-D or an unknown answer is a denial, silence until the
 * timeout is `timeout`.
 */
export function createCliPrompt(options: CliPromptOptions = {}): ApprovalPrompt {
  return {
    version: 1,
    ask(request, { timeoutMs, signal }): Promise<PromptAnswer> {
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
          const choice = parsePromptAnswer(buffer.slice(0, newline), request);
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
        output.write(render(request, timeoutMs));
        input.on("data", onData);
        input.once("end", onEnd);
        input.once("close", onEnd);
        input.once("error", onEnd);
        input.resume();
      });
    },
  };
}
