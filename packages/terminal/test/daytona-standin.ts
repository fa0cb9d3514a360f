/**
 * A scripted Daytona API on 127.0.0.1 for tests: the endpoints `@daytonaio/sdk` calls to
 * create, find, list, start, stop and delete sandboxes, and the toolbox's process sessions
 * (create, exec, command status, input, logs over a WebSocket, delete). A sandbox is a
 * directory whose `home` is its commands' HOME; its commands are local processes carrying
 * STANDIN_DAYTONA_SANDBOX, which stop and delete use to kill them all.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { WebSocketServer, type WebSocket } from "ws";

interface Command {
  readonly id: string;
  readonly command: string;
  readonly child: ChildProcess;
  readonly chunks: Buffer[];
  readonly listeners: Set<(chunk: Buffer | undefined) => void>;
  exitCode?: number;
  closed: boolean;
}

/** One sandbox as the stand-in keeps it. */
export interface StandInSandbox {
  readonly id: string;
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly request: Record<string, unknown>;
  readonly home: string;
  state: "started" | "stopped" | "archived" | "destroyed";
  readonly sessions: Map<string, Map<string, Command>>;
}

/** A running stand-in. */
export interface DaytonaStandIn {
  /** Value for DAYTONA_API_URL. */
  readonly apiUrl: string;
  readonly apiKey: string;
  readonly sandboxes: Map<string, StandInSandbox>;
  /** `METHOD /path` of every request, in order. */
  readonly calls: string[];
  /** When set, sandbox creation is refused with this quota message (HTTP 403). */
  quotaMessage: string | undefined;
  /** Processes of a sandbox still running. */
  pidsOf(id: string): number[];
  close(): Promise<void>;
}

const STDOUT = Buffer.from([1, 1, 1]);
const STDERR = Buffer.from([2, 2, 2]);

function dto(sandbox: StandInSandbox, toolbox: string): Record<string, unknown> {
  const resources = (sandbox.request.resources ?? {}) as Record<string, unknown>;
  return {
    id: sandbox.id,
    name: sandbox.name,
    organizationId: "org-standin",
    user: "daytona",
    env: {},
    labels: sandbox.labels,
    public: false,
    target: "us",
    cpu: sandbox.request.cpu ?? resources.cpu ?? 1,
    gpu: 0,
    memory: sandbox.request.memory ?? 1,
    disk: sandbox.request.disk ?? 3,
    state: sandbox.state,
    autoStopInterval: sandbox.request.autoStopInterval,
    toolboxProxyUrl: toolbox,
  };
}

/** Start the stand-in; sandboxes live under `root`. */
export async function startDaytonaStandIn(root: string, apiKey: string): Promise<DaytonaStandIn> {
  const sandboxes = new Map<string, StandInSandbox>();
  const calls: string[] = [];
  const server = http.createServer();
  const sockets = new WebSocketServer({ noServer: true });
  let base = "";

  const pidsOf = (id: string): number[] => {
    const pids: number[] = [];
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const environ = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
        if (environ.includes(`STANDIN_DAYTONA_SANDBOX=${id}`)) pids.push(Number(entry));
      } catch {
        // exited meanwhile, or not ours
      }
    }
    return pids;
  };
  const killAll = (sandbox: StandInSandbox): void => {
    for (const pid of pidsOf(sandbox.id)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    sandbox.sessions.clear();
  };
  const find = (idOrName: string): StandInSandbox | undefined =>
    sandboxes.get(idOrName) ?? [...sandboxes.values()].find((s) => s.name === idOrName);

  const startCommand = (sandbox: StandInSandbox, text: string): Command => {
    const child = spawn("bash", ["-c", text], {
      cwd: sandbox.home,
      env: {
        PATH: "/usr/local/bin:/usr/bin:/bin",
        HOME: sandbox.home,
        USER: "daytona",
        LANG: "C.UTF-8",
        STANDIN_DAYTONA_SANDBOX: sandbox.id,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const command: Command = {
      id: `cmd-${randomBytes(6).toString("hex")}`,
      command: text,
      child,
      chunks: [],
      listeners: new Set(),
      closed: false,
    };
    const push = (prefix: Buffer) => (data: Buffer) => {
      const chunk = Buffer.concat([prefix, data]);
      command.chunks.push(chunk);
      for (const listener of command.listeners) listener(chunk);
    };
    child.stdout.on("data", push(STDOUT));
    child.stderr.on("data", push(STDERR));
    child.stdin.on("error", () => undefined);
    child.on("exit", (code, signal) => {
      command.exitCode = code ?? 128 + (signal === null ? 0 : 9);
    });
    child.on("close", () => {
      command.closed = true;
      for (const listener of command.listeners) listener(undefined);
    });
    return command;
  };

  const api = (
    method: string,
    parts: string[],
    url: URL,
    body: Record<string, unknown>,
  ): [number, unknown] => {
    const [, id, action] = parts;
    if (method === "POST" && parts.length === 1) {
      if (sw.quotaMessage !== undefined) return [403, { message: sw.quotaMessage }];
      const name =
        typeof body.name === "string" ? body.name : `sandbox-${randomBytes(3).toString("hex")}`;
      if (find(name) !== undefined)
        return [409, { message: `Sandbox with name ${name} already exists` }];
      const sandboxId = `sb-${randomBytes(6).toString("hex")}`;
      const home = path.join(root, sandboxId, "home");
      mkdirSync(home, { recursive: true });
      const sandbox: StandInSandbox = {
        id: sandboxId,
        name,
        labels: (body.labels ?? {}) as Record<string, string>,
        request: body,
        home,
        state: "started",
        sessions: new Map(),
      };
      sandboxes.set(sandboxId, sandbox);
      return [200, dto(sandbox, `${base}/toolbox`)];
    }
    if (method === "GET" && parts.length === 1) {
      const wanted = JSON.parse(url.searchParams.get("labels") ?? "{}") as Record<string, string>;
      const limit = Number(url.searchParams.get("limit") ?? "100");
      const items = [...sandboxes.values()]
        .filter((s) => Object.entries(wanted).every(([k, v]) => s.labels[k] === v))
        .slice(0, limit)
        .map((s) => dto(s, `${base}/toolbox`));
      return [200, { items, total: items.length, page: 1, totalPages: 1 }];
    }
    const sandbox = id === undefined ? undefined : find(decodeURIComponent(id));
    if (sandbox === undefined) return [404, { message: `Sandbox with ID or name ${id} not found` }];
    if (method === "GET" && action === undefined) return [200, dto(sandbox, `${base}/toolbox`)];
    if (method === "GET" && action === "toolbox-proxy-url")
      return [200, { url: `${base}/toolbox` }];
    if (method === "POST" && action === "start") sandbox.state = "started";
    else if (method === "POST" && action === "stop") {
      killAll(sandbox);
      sandbox.state = "stopped";
    } else if (method === "DELETE" && action === undefined) {
      killAll(sandbox);
      sandbox.state = "destroyed";
      sandboxes.delete(sandbox.id);
      rmSync(path.dirname(sandbox.home), { recursive: true, force: true });
    } else return [404, { message: `No stand-in route ${method} ${url.pathname}` }];
    return [200, dto(sandbox, `${base}/toolbox`)];
  };

  const toolbox = (
    method: string,
    parts: string[],
    body: Record<string, unknown>,
  ): [number, unknown] => {
    const [sandboxId, area, kind, sessionId, sub, commandId, leaf] = parts;
    const sandbox = sandboxId === undefined ? undefined : sandboxes.get(sandboxId);
    if (sandbox === undefined) return [404, { message: `sandbox ${sandboxId} not found` }];
    if (sandbox.state !== "started")
      return [409, { message: `sandbox ${sandboxId} is ${sandbox.state}, not started` }];
    if (area !== "process" || kind !== "session")
      return [404, { message: `No stand-in toolbox route ${method} /${parts.join("/")}` }];
    if (method === "POST" && sessionId === undefined) {
      sandbox.sessions.set(String(body.sessionId), new Map());
      return [201, {}];
    }
    const session = sandbox.sessions.get(String(sessionId));
    if (session === undefined) return [404, { message: `session ${sessionId} not found` }];
    if (method === "DELETE" && sub === undefined) {
      for (const command of session.values()) command.child.stdin?.end();
      sandbox.sessions.delete(String(sessionId));
      return [204, undefined];
    }
    if (method === "POST" && sub === "exec") {
      const command = startCommand(sandbox, String(body.command));
      session.set(command.id, command);
      return [200, { cmdId: command.id }];
    }
    const command = session.get(String(commandId));
    if (sub !== "command" || command === undefined)
      return [404, { message: `command ${commandId} not found` }];
    if (method === "GET" && leaf === undefined)
      return [200, { id: command.id, command: command.command, exitCode: command.exitCode }];
    if (method === "POST" && leaf === "input") {
      if (command.child.stdin?.writable === true) command.child.stdin.write(String(body.data));
      return [200, {}];
    }
    return [404, { message: `No stand-in toolbox route ${method} /${parts.join("/")}` }];
  };

  const authorized = (req: http.IncomingMessage): boolean =>
    req.headers.authorization === `Bearer ${apiKey}`;

  server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const method = req.method ?? "GET";
      calls.push(`${method} ${url.pathname}`);
      const text = Buffer.concat(chunks).toString("utf8");
      const body = (text === "" ? {} : JSON.parse(text)) as Record<string, unknown>;
      let [status, payload]: [number, unknown] = [
        401,
        { message: "Invalid API key", statusCode: 401 },
      ];
      if (authorized(req)) {
        const parts = url.pathname.split("/").filter((p) => p !== "");
        if (parts[0] === "api" && parts[1] === "sandbox")
          [status, payload] = api(method, parts.slice(1), url, body);
        else if (parts[0] === "toolbox") [status, payload] = toolbox(method, parts.slice(1), body);
        else [status, payload] = [404, { message: `No stand-in route ${method} ${url.pathname}` }];
      }
      res.writeHead(status, { "content-type": "application/json" });
      res.end(payload === undefined ? "" : JSON.stringify(payload));
    });
  });

  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", base);
    const match = /^\/toolbox\/([^/]+)\/process\/session\/([^/]+)\/command\/([^/]+)\/logs$/.exec(
      url.pathname,
    );
    const command =
      match === null
        ? undefined
        : sandboxes
            .get(match[1] ?? "")
            ?.sessions.get(match[2] ?? "")
            ?.get(match[3] ?? "");
    if (!authorized(req) || command === undefined) {
      socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    calls.push(`WS ${url.pathname}`);
    sockets.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const forward = (chunk: Buffer | undefined): void => {
        if (chunk === undefined) {
          command.listeners.delete(forward);
          ws.close(1000);
        } else ws.send(chunk);
      };
      for (const chunk of command.chunks) ws.send(chunk);
      if (command.closed) ws.close(1000);
      else command.listeners.add(forward);
      ws.on("close", () => command.listeners.delete(forward));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sw: DaytonaStandIn = {
    apiUrl: `${base}/api`,
    apiKey,
    sandboxes,
    calls,
    quotaMessage: undefined,
    pidsOf,
    async close() {
      for (const sandbox of sandboxes.values()) killAll(sandbox);
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return sw;
}
