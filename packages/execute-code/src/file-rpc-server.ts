import type { Environment } from "@hermes-agent/terminal";
import type { RpcDispatcher, RpcServer } from "./rpc-dispatcher.js";
import { shellQuote } from "./shell-quote.js";

/** Milliseconds between looks at the request directory when it was empty. */
export const FILE_RPC_POLL_MS = 100;
/** Large enough for any request or response file. */
const MAX_TRANSFER_CHARS = 64 * 1024 * 1024;

/** A running file-based RPC server. */
export type FileRpcServer = RpcServer;

/** Options of {@link startFileRpcServer}. */
export interface FileRpcServerOptions {
  readonly environment: Environment;
  /** Directory (inside the environment) the script writes `req_<seq>` files to. */
  readonly directory: string;
  readonly dispatcher: RpcDispatcher;
  readonly pollMs?: number | undefined;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Serve Hermes' file-based RPC inside an environment: poll for `req_<seq>` files (written to
 * `.tmp` then renamed by the client), answer each with `res_<seq>` written atomically and
 * owner-only, and remove the request. Malformed, unauthorized or seq-less requests are removed
 * without an answer. Everything goes through the environment, so it works for any backend.
 */
export function startFileRpcServer(options: FileRpcServerOptions): FileRpcServer {
  const { environment, directory, dispatcher } = options;
  const stop = new AbortController();
  const stopped = (): boolean => stop.signal.aborted;
  const quotedDir = shellQuote(directory);
  const run = (command: string, stdin?: string): Promise<{ output: string; exitCode: number }> =>
    environment.execute(command, {
      cwd: "/",
      timeout: 60,
      maxOutputChars: MAX_TRANSFER_CHARS,
      ...(stdin === undefined ? {} : { stdin }),
    });

  const serveOne = async (file: string): Promise<void> => {
    const quoted = shellQuote(file);
    const read = await run(`cat ${quoted}`);
    const request = read.exitCode === 0 ? dispatcher.parseAuthorized(read.output) : undefined;
    const seq = request?.raw.seq;
    if (request === undefined || typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 0) {
      await run(`rm -f ${quoted}`);
      return;
    }
    const result = await dispatcher.handleParsed(request);
    const target = shellQuote(`${directory}/res_${String(seq).padStart(6, "0")}`);
    await run(
      `umask 077 && cat > ${target}.tmp && mv -f ${target}.tmp ${target} && rm -f ${quoted}`,
      JSON.stringify(result),
    );
  };

  const loop = async (): Promise<void> => {
    while (!stopped()) {
      let served = false;
      try {
        const listing = await run(`ls -1 ${quotedDir} 2>/dev/null || true`);
        const files = listing.output
          .split("\n")
          .map((line) => line.trim())
          .filter((name) => /^req_\d+$/.test(name))
          .sort();
        for (const name of files) {
          if (stopped()) break;
          await serveOne(`${directory}/${name}`);
          served = true;
        }
      } catch {
        // The environment failed one command (or closed); try again on the next round.
      }
      if (!served) await wait(options.pollMs ?? FILE_RPC_POLL_MS, stop.signal);
    }
  };
  const finished = loop();
  return {
    close() {
      stop.abort();
      return finished;
    },
  };
}
