import type { StubDefault } from "./sandbox-tools.js";
import type { StubParameter } from "./stub-parameters.js";

/** How a generated module reaches the agent: a Unix socket, or request/response files. */
export type StubTransport = "socket" | "file";

/** One tool a generated module exposes. */
export interface StubTool {
  readonly name: string;
  readonly parameters: readonly StubParameter[];
  readonly doc: string;
}

function pythonLiteral(value: StubDefault): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  return JSON.stringify(value);
}

function pythonDocString(text: string): string {
  return JSON.stringify(text.replace(/\s+/g, " ").trim());
}

const SOCKET_CLIENT = `
_lock = _thread.allocate_lock()
_conn = None
_ATTEMPTS = 2 if _os.environ.get("HERMES_RPC_PERSISTENT") == "1" else 1


def _connect():
    global _conn
    if _conn is None:
        import socket
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.connect(_os.environ["HERMES_RPC_SOCKET"])
        _conn = conn
    return _conn


def _drop():
    global _conn
    if _conn is not None:
        try:
            _conn.close()
        except OSError:
            pass
    _conn = None


def _exchange(tool, args):
    import json
    frame = (json.dumps({"tool": tool, "args": args, "token": _TOKEN}) + "\\n").encode("utf-8")
    # One connection, one request at a time: threads in the script each get their own answer.
    with _lock:
        for attempt in range(_ATTEMPTS):
            try:
                conn = _connect()
                conn.sendall(frame)
                buf = b""
                while not buf.endswith(b"\\n"):
                    chunk = conn.recv(65536)
                    if not chunk:
                        raise RuntimeError("Agent process disconnected")
                    buf += chunk
                return buf.decode("utf-8")
            except (OSError, RuntimeError):
                _drop()
                if attempt + 1 >= _ATTEMPTS:
                    raise
`;

const FILE_CLIENT = `
_RPC_DIR = _os.environ.get("HERMES_RPC_DIR") or _os.path.join(__import__("tempfile").gettempdir(), "hermes_rpc")
_seq = 0
_seq_lock = _thread.allocate_lock()


def _exchange(tool, args):
    global _seq
    import json, time
    with _seq_lock:
        _seq += 1
        seq = _seq
    name = "%06d" % seq
    request = _os.path.join(_RPC_DIR, "req_" + name)
    response = _os.path.join(_RPC_DIR, "res_" + name)
    with open(request + ".tmp", "w", encoding="utf-8") as handle:
        json.dump({"tool": tool, "args": args, "seq": seq, "token": _TOKEN}, handle)
    _os.rename(request + ".tmp", request)
    deadline = time.monotonic() + 300
    wait = 0.05
    while not _os.path.exists(response):
        if time.monotonic() > deadline:
            raise RuntimeError("RPC timeout: no response for %s after 300s" % tool)
        time.sleep(wait)
        wait = min(wait * 1.2, 0.25)
    with open(response, encoding="utf-8") as handle:
        raw = handle.read()
    try:
        _os.unlink(response)
    except OSError:
        pass
    return raw
`;

const COMMON = `

def _call(tool, args):
    """Call an agent tool and return its result, parsed from JSON when it is JSON."""
    import json
    result = json.loads(_exchange(tool, args))
    if isinstance(result, str):
        try:
            return json.loads(result)
        except ValueError:
            return result
    return result


def _pack(**args):
    return {key: value for key, value in args.items() if value is not None}


def json_parse(text: str):
    """json.loads that accepts raw control characters in strings and a leading UTF-8 BOM.
    Use it on terminal() or web_extract() output instead of json.loads()."""
    import json
    if isinstance(text, str) and text.startswith("\\ufeff"):
        text = text[1:]
    return json.loads(text, strict=False)


def shell_quote(s: str) -> str:
    """Quote a string for safe use inside a terminal() command: terminal(f"cat {shell_quote(p)}")."""
    import shlex
    return shlex.quote(s)


def retry(fn, max_attempts=3, delay=2):
    """Call fn() until it succeeds, at most max_attempts times, waiting delay * 2**attempt
    seconds between attempts; the last error is raised again."""
    import time
    last_error = None
    for attempt in range(max_attempts):
        try:
            return fn()
        except Exception as error:
            last_error = error
            if attempt < max_attempts - 1:
                time.sleep(delay * (2 ** attempt))
    raise last_error
`;

function pythonStub(tool: StubTool): string {
  const signature = tool.parameters
    .map((parameter) =>
      parameter.required ? parameter.name : `${parameter.name}=${pythonLiteral(parameter.default)}`,
    )
    .join(", ");
  const packed = tool.parameters
    .map((parameter) => `${parameter.name}=${parameter.name}`)
    .join(", ");
  return (
    `\n\ndef ${tool.name}(${signature}):\n` +
    `    ${pythonDocString(tool.doc)}\n` +
    `    return _call(${JSON.stringify(tool.name)}, _pack(${packed}))\n`
  );
}

/**
 * Source of the `hermes_tools` Python module: one function per tool (standard library only,
 * thread-safe), plus `json_parse`, `shell_quote` and `retry`.
 */
export function generatePythonModule(tools: readonly StubTool[], transport: StubTransport): string {
  return (
    '"""Tools of the agent, callable from an execute_code script (generated module)."""\n' +
    // json is imported on first use: a script that calls no tool does not pay for it.
    "import _thread\nimport os as _os\n\n" +
    '_TOKEN = _os.environ.get("HERMES_RPC_TOKEN", "")\n' +
    (transport === "socket" ? SOCKET_CLIENT : FILE_CLIENT) +
    COMMON +
    tools.map(pythonStub).join("") +
    `\n\n__all__ = ${JSON.stringify([...tools.map((tool) => tool.name), "json_parse", "shell_quote", "retry"])}\n`
  );
}
