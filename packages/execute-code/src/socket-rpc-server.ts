import { createServer, type Server, type Socket } from "node:net";
import { toolError } from "@hermes-agent/registry";
import { ExecuteCodeError, ExecuteCodeErrorCode } from "./execute-code-error.js";
import type { RpcDispatcher, RpcServer } from "./rpc-dispatcher.js";

/** Longest request line accepted; a longer one is answered with an error and the connection closed. */
export const MAX_FRAME_CHARS: number = 16 * 1024 * 1024;

/** A listening Unix-socket RPC server. */
export interface SocketRpcServer extends RpcServer {
  readonly path: string;
}

function encode(result: string): string {
  // The result string is sent as one JSON string literal, so a result with newlines is one frame.
  return JSON.stringify(result) + "\n";
}

function serveConnection(socket: Socket, dispatcher: RpcDispatcher): void {
  socket.setEncoding("utf8");
  let buffered = "";
  let queue: Promise<void> = Promise.resolve();
  const answer = (frame: string): void => {
    queue = queue.then(async () => {
      const result = frame.trim() === "" ? undefined : await dispatcher.handleFrame(frame);
      if (result !== undefined && !socket.destroyed) socket.write(encode(result));
    });
  };
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf("\n");
    while (end >= 0) {
      answer(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf("\n");
    }
    if (buffered.length > MAX_FRAME_CHARS) {
      buffered = "";
      queue = queue.then(() => {
        socket.end(
          encode(toolError(`Invalid RPC request: frame longer than ${MAX_FRAME_CHARS} characters`)),
        );
      });
    }
  });
  socket.on("error", () => socket.destroy());
}

/**
 * Listen on `path` (inside a private directory the caller made) and answer newline-delimited
 * JSON frames through `dispatcher`. Frames of one connection are answered in order; a malformed
 * frame gets an error frame and the connection stays usable.
 */
export async function startSocketRpcServer(
  path: string,
  dispatcher: RpcDispatcher,
): Promise<SocketRpcServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    serveConnection(socket, dispatcher);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) =>
      reject(
        new ExecuteCodeError(
          ExecuteCodeErrorCode.RpcServer,
          `Could not listen on ${path}: ${error.message}`,
          {
            cause: error,
          },
        ),
      ),
    );
    server.listen(path, () => resolve());
  });
  server.unref();
  let closed: Promise<void> | undefined;
  return {
    path,
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}
