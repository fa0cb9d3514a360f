import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A local relay between the small client program the remote session spawns for each command
 * and this process, which holds the one SDK client. The client sends a request and its stdin;
 * this side runs the command and sends back stdout, stderr and the exit code. Frames are
 * `[kind: 1 byte][length: 4 bytes, big endian][payload]`.
 */
const Frame = {
  /** client → relay: the request, JSON `{ mode, script, args }`. */
  Request: 0x51,
  /** client → relay: stdin bytes. */
  Stdin: 0x49,
  /** client → relay: end of stdin. */
  StdinEnd: 0x45,
  /** relay → client: stdout bytes. */
  Stdout: 0x4f,
  /** relay → client: stderr bytes. */
  Stderr: 0x52,
  /** relay → client: the exit code as decimal text; the relay then closes. */
  Exit: 0x58,
} as const;

function frame(kind: number, payload: Uint8Array | string): Buffer {
  const body = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload);
  const head = Buffer.alloc(5);
  head.writeUInt8(kind, 0);
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}

/** Split a byte stream into frames. */
function frameReader(onFrame: (kind: number, payload: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 5 + length) break;
      const kind = pending.readUInt8(0);
      const payload = pending.subarray(5, 5 + length);
      pending = pending.subarray(5 + length);
      onFrame(kind, payload);
    }
  };
}

/** One command the client asked for. */
export interface RelayRequest {
  /** `stream`: output relayed as it comes; `bytes`: stdout is exact bytes, sent at the end. */
  readonly mode: "stream" | "bytes";
  readonly script: string;
  readonly args: readonly string[];
}

/** How the relay's owner runs a request. */
export interface RelayCall {
  readonly request: RelayRequest;
  stdout(data: Uint8Array | string): void;
  stderr(data: string): void;
  /** Stdin chunks, in order; `undefined` marks the end. */
  onStdin(listener: (data: Buffer | undefined) => void): void;
  /** The client went away (killed); the call should stop waiting. */
  readonly aborted: AbortSignal;
}

/** A running relay. */
export interface Relay {
  /** Unix socket the clients connect to. */
  readonly socketPath: string;
  close(): Promise<void>;
}

/**
 * Start a relay on a fresh Unix socket in a private directory; `run` handles each request and
 * resolves with the exit code (it reports its own failures on stderr, with a code).
 */
export async function startRelay(run: (call: RelayCall) => Promise<number>): Promise<Relay> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hermes-daytona-"));
  const socketPath = path.join(dir, `${randomBytes(4).toString("hex")}.sock`);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const abort = new AbortController();
    const listeners: Array<(data: Buffer | undefined) => void> = [];
    const early: Array<Buffer | undefined> = [];
    const send = (kind: number, payload: Uint8Array | string): void => {
      if (!socket.destroyed) socket.write(frame(kind, payload));
    };
    let started = false;
    socket.on(
      "data",
      frameReader((kind, payload) => {
        if (kind === Frame.Request && !started) {
          started = true;
          const request = JSON.parse(payload.toString("utf8")) as RelayRequest;
          const call: RelayCall = {
            request,
            stdout: (data) => send(Frame.Stdout, data),
            stderr: (data) => send(Frame.Stderr, data),
            onStdin(listener) {
              listeners.push(listener);
              for (const item of early.splice(0)) listener(item);
            },
            aborted: abort.signal,
          };
          void run(call)
            .catch((error: unknown) => {
              send(
                Frame.Stderr,
                `daytona: ${error instanceof Error ? error.message : String(error)}\n`,
              );
              return 255;
            })
            .then((code) => {
              send(Frame.Exit, String(code));
              socket.end();
            });
        } else if (kind === Frame.Stdin || kind === Frame.StdinEnd) {
          const item = kind === Frame.Stdin ? Buffer.from(payload) : undefined;
          if (listeners.length === 0) early.push(item);
          for (const listener of listeners) listener(item);
        }
      }),
    );
    socket.on("error", () => undefined);
    socket.on("close", () => {
      sockets.delete(socket);
      abort.abort();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.unref();
  return {
    socketPath,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The client program, run as `node -e RELAY_CLIENT <socket> <mode> <script> <args...>`: it
 * connects, sends the request and its stdin, writes what comes back to stdout and stderr,
 * and exits with the relayed code (255 with a `daytona:` message if the relay went away).
 */
export const RELAY_CLIENT: string = `
const net = require("node:net");
const [socketPath, mode, script, ...args] = process.argv.slice(1);
const frame = (kind, body) => {
  const head = Buffer.alloc(5);
  head.writeUInt8(kind, 0);
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
};
let exitCode;
const socket = net.connect(socketPath, () => {
  socket.write(frame(${Frame.Request}, Buffer.from(JSON.stringify({ mode, script, args }))));
  process.stdin.on("data", (chunk) => socket.write(frame(${Frame.Stdin}, chunk)));
  process.stdin.on("end", () => socket.write(frame(${Frame.StdinEnd}, Buffer.alloc(0))));
  process.stdin.on("error", () => {});
});
let pending = Buffer.alloc(0);
socket.on("data", (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 5) {
    const length = pending.readUInt32BE(1);
    if (pending.length < 5 + length) break;
    const kind = pending.readUInt8(0);
    const body = pending.subarray(5, 5 + length);
    pending = pending.subarray(5 + length);
    if (kind === ${Frame.Stdout}) process.stdout.write(body);
    else if (kind === ${Frame.Stderr}) process.stderr.write(body);
    else if (kind === ${Frame.Exit}) exitCode = Number(body.toString());
  }
});
socket.on("error", (error) => {
  process.stderr.write("daytona: the local relay is gone (" + error.message + ")\\n");
});
socket.on("close", () => {
  process.stdin.destroy();
  process.exitCode = exitCode ?? 255;
});
`;
