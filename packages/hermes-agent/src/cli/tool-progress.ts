import type { Ora } from "ora";
import type { ToolEndEvent, ToolStartEvent } from "../runtime/runtime-events.js";
import { out, preview, type CliIo } from "./cli-io.js";

interface Running {
  readonly label: string;
  readonly started: number;
}

/** The one line of a call: emoji, name and a preview of the arguments. */
function labelOf(emoji: string, event: ToolStartEvent): string {
  const args = Object.keys(event.args).length === 0 ? "" : ` ${preview(event.args, 60)}`;
  return `${emoji} ${event.tool}${args}`;
}

/**
 * One progress line per tool call in `chat`. On a terminal (no `NO_COLOR`, no `CI`) the line
 * carries an ora spinner while the call runs and becomes `✓`/`✗` with the time when it ends;
 * elsewhere the finished line is printed once. Calls running in parallel share the spinner.
 */
export class ToolProgress {
  readonly #io: CliIo;
  readonly #emojiOf: (tool: string) => string;
  readonly #running = new Map<string, Running>();
  #spinner: Ora | undefined;
  #paused = false;
  #sequence = 0;

  private constructor(io: CliIo, emojiOf: (tool: string) => string, spinner: Ora | undefined) {
    this.#io = io;
    this.#emojiOf = emojiOf;
    this.#spinner = spinner;
  }

  /** Progress for `io`; the spinner library is loaded only on a terminal. */
  static async create(io: CliIo, emojiOf: (tool: string) => string): Promise<ToolProgress> {
    if (!io.fancy) return new ToolProgress(io, emojiOf, undefined);
    const { default: ora } = await import("ora");
    // discardStdin would take standard input away from the chat's readline.
    const spinner = ora({ stream: io.stdout, discardStdin: false, hideCursor: false });
    return new ToolProgress(io, emojiOf, spinner);
  }

  #key(event: ToolStartEvent): string {
    return event.toolCallId ?? `${event.tool}#${this.#sequence}`;
  }

  #spin(): void {
    const spinner = this.#spinner;
    if (spinner === undefined || this.#paused) return;
    const labels = [...this.#running.values()].map((call) => call.label);
    if (labels.length === 0) {
      if (spinner.isSpinning) spinner.stop();
      return;
    }
    spinner.text = labels.length === 1 ? (labels[0] ?? "") : `${labels.length} tools running`;
    if (!spinner.isSpinning) spinner.start();
  }

  /** A call started. */
  start(event: ToolStartEvent): void {
    this.#sequence++;
    this.#running.set(this.#key(event), {
      label: labelOf(this.#emojiOf(event.tool), event),
      started: performance.now(),
    });
    this.#spin();
  }

  /** A call ended: its line, with the status and the time it took. */
  end(event: ToolEndEvent): void {
    const key = event.toolCallId ?? [...this.#running.keys()].find((k) => k.startsWith(event.tool));
    const call = key === undefined ? undefined : this.#running.get(key);
    if (key !== undefined) this.#running.delete(key);
    const label = call?.label ?? labelOf(this.#emojiOf(event.tool), event);
    const symbol = event.status === "ok" ? "✓" : "✗";
    const line = `${label} (${(event.durationMs / 1000).toFixed(1)}s${event.status === "blocked" ? ", blocked" : ""})`;
    if (this.#spinner?.isSpinning === true) {
      this.#spinner.stopAndPersist({ symbol, text: line });
    } else {
      out(this.#io, `${symbol} ${line}`);
    }
    this.#spin();
  }

  /** Stop the spinner while something else owns the line (the approval prompt). */
  pause(): void {
    this.#paused = true;
    if (this.#spinner?.isSpinning === true) this.#spinner.stop();
  }

  /** Spin again after {@link pause}. */
  resume(): void {
    this.#paused = false;
    this.#spin();
  }

  /** Stop for good (an interrupted turn, the end of the chat). */
  stop(): void {
    this.#running.clear();
    if (this.#spinner?.isSpinning === true) this.#spinner.stop();
  }
}
