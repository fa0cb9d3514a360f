import type { StubTool, StubTransport } from "./python-stubs.js";

const SOCKET_CLIENT = `
import { connect } from "node:net";

let connection;
let buffered = "";
const waiting = [];

function open() {
  if (connection !== undefined) return connection;
  connection = connect(process.env.HERMES_RPC_SOCKET ?? "");
  connection.setEncoding("utf8");
  connection.setNoDelay?.(true);
  connection.on("data", (chunk) => {
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf("\\n")) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      waiting.shift()?.resolve(line);
    }
    if (waiting.length === 0) connection.unref();
  });
  const fail = (error) => {
    connection = undefined;
    buffered = "";
    for (const entry of waiting.splice(0)) entry.reject(error ?? new Error("Agent process disconnected"));
  };
  connection.on("error", fail);
  connection.on("close", () => fail(new Error("Agent process disconnected")));
  return connection;
}

function exchange(tool, args) {
  const socket = open();
  return new Promise((resolve, reject) => {
    waiting.push({ resolve, reject });
    socket.ref();
    socket.write(JSON.stringify({ tool, args, token: TOKEN }) + "\\n");
  });
}
`;

const FILE_CLIENT = `
import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RPC_DIR = process.env.HERMES_RPC_DIR || join(tmpdir(), "hermes_rpc");
let seq = 0;

async function exchange(tool, args) {
  seq += 1;
  const id = seq;
  const name = String(id).padStart(6, "0");
  const request = join(RPC_DIR, "req_" + name);
  const response = join(RPC_DIR, "res_" + name);
  writeFileSync(request + ".tmp", JSON.stringify({ tool, args, seq: id, token: TOKEN }));
  renameSync(request + ".tmp", request);
  const deadline = Date.now() + 300_000;
  let wait = 50;
  while (!existsSync(response)) {
    if (Date.now() > deadline) throw new Error("RPC timeout: no response for " + tool + " after 300s");
    await new Promise((done) => setTimeout(done, wait));
    wait = Math.min(wait * 1.2, 250);
  }
  const raw = readFileSync(response, "utf8");
  try { unlinkSync(response); } catch {}
  return raw;
}
`;

const COMMON = `
async function call(tool, args) {
  const result = JSON.parse(await exchange(tool, args));
  if (typeof result !== "string") return result;
  try { return JSON.parse(result); } catch { return result; }
}

function isOptions(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype;
}

// Positional arguments, or one options object when the first parameter does not take an object.
function bind(names, defaults, objectFirst, given) {
  const args = {};
  if (given.length === 1 && isOptions(given[0]) && !objectFirst) {
    for (const name of names) {
      const value = given[0][name] ?? defaults[name];
      if (value !== undefined && value !== null) args[name] = value;
    }
    return args;
  }
  names.forEach((name, index) => {
    const value = given[index] ?? defaults[name];
    if (value !== undefined && value !== null) args[name] = value;
  });
  return args;
}

/** JSON.parse that drops a leading UTF-8 BOM and accepts raw control characters in strings. */
export function json_parse(text) {
  let source = String(text);
  if (source.startsWith("\\ufeff")) source = source.slice(1);
  try {
    return JSON.parse(source);
  } catch (error) {
    const escaped = source.replace(/"(?:[^"\\\\]|\\\\.)*"/gs, (literal) =>
      literal.replace(/[\\u0000-\\u001f]/g, (c) => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")));
    if (escaped === source) throw error;
    return JSON.parse(escaped);
  }
}

/** Quote a string for safe use inside a terminal() command, like Python's shlex.quote. */
export function shell_quote(s) {
  const text = String(s);
  if (text === "") return "''";
  if (/^[\\w@%+=:,./-]+$/.test(text)) return text;
  return "'" + text.replaceAll("'", "'\\"'\\"'") + "'";
}

/** Await fn() until it succeeds, at most maxAttempts times, waiting delay * 2**attempt seconds between attempts. */
export async function retry(fn, maxAttempts = 3, delay = 2) {
  if (isOptions(maxAttempts)) ({ max_attempts: maxAttempts = 3, delay = 2 } = maxAttempts);
  let lastError;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (attempt < maxAttempts - 1) await new Promise((done) => setTimeout(done, delay * 1000 * 2 ** attempt));
    }
  }
  throw lastError;
}
`;

function javascriptStub(tool: StubTool): string {
  const names = tool.parameters.map((parameter) => parameter.name);
  const defaults: Record<string, unknown> = {};
  for (const parameter of tool.parameters) {
    if (!parameter.required && parameter.default !== null)
      defaults[parameter.name] = parameter.default;
  }
  const objectFirst = tool.parameters[0]?.schemaType === "object";
  const signature = tool.parameters
    .map((parameter) =>
      parameter.required || parameter.default === null
        ? parameter.name
        : `${parameter.name} = ${JSON.stringify(parameter.default)}`,
    )
    .join(", ");
  return (
    `\n/** ${tool.doc.replace(/\*\//g, "* /")} Signature: ${tool.name}(${signature}). */\n` +
    `export async function ${tool.name}(...given) {\n` +
    `  return call(${JSON.stringify(tool.name)}, bind(${JSON.stringify(names)}, ${JSON.stringify(defaults)}, ${String(objectFirst)}, given));\n` +
    `}\n`
  );
}

/**
 * Source of the `hermes_tools` ES module: one async function per tool taking the same arguments
 * as the Python stub (positional, or one options object), plus `json_parse`, `shell_quote` and
 * `retry`.
 */
export function generateJavaScriptModule(
  tools: readonly StubTool[],
  transport: StubTransport,
): string {
  return (
    "// Tools of the agent, callable from an execute_code script (generated module).\n" +
    (transport === "socket" ? SOCKET_CLIENT : FILE_CLIENT) +
    'const TOKEN = process.env.HERMES_RPC_TOKEN ?? "";\n' +
    COMMON +
    tools.map(javascriptStub).join("")
  );
}
