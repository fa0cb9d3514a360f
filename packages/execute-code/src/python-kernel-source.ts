/**
 * Source of the persistent Python session's runner: reads one JSON request per line from a
 * private copy of stdin, runs the code in one long-lived namespace, and answers with a frame
 * `\n<sentinel> <byte length>\n<json>` on stdout. Bytes outside frames are raw output of the
 * running cell (subprocesses writing to the inherited descriptor).
 */
export const PYTHON_KERNEL_SOURCE = `"""execute_code persistent session runner (generated)."""
import io
import json
import os
import sys
import traceback

_SENTINEL = os.environ.pop("HERMES_KERNEL_SENTINEL").encode("ascii")
_LIMIT = 5000000
_requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
_replies = os.fdopen(os.dup(1), "wb")
sys.stdin = io.StringIO("")


class _Capture(io.TextIOBase):
    """A text stream that keeps at most _LIMIT characters."""

    def __init__(self):
        self.parts = []
        self.size = 0

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not %s" % type(text).__name__)
        room = _LIMIT - self.size
        if room > 0:
            self.parts.append(text[:room])
            self.size += min(len(text), room)
        return len(text)

    def getvalue(self):
        return "".join(self.parts)


import hermes_tools  # noqa: E402,F401  (loaded once, so its connection is reused)

_namespace = {"__name__": "__main__", "__builtins__": __builtins__}


def _reply(payload):
    body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    sys.__stdout__.flush()
    _replies.write(b"\\n" + _SENTINEL + b" " + str(len(body)).encode("ascii") + b"\\n" + body)
    _replies.flush()


def _main():
    for line in _requests:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        out, err = _Capture(), _Capture()
        status, trace, code = "ok", "", 0
        sys.stdout, sys.stderr = out, err
        try:
            exec(compile(request["code"], "<script>", "exec"), _namespace)
        except SystemExit as stop:
            status = "exit"
            if stop.code is None:
                code = 0
            elif isinstance(stop.code, int):
                code = stop.code
            else:
                err.write(str(stop.code) + "\\n")
                code = 1
        except BaseException:
            status, code = "error", 1
            trace = traceback.format_exc()
        finally:
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        _reply({"status": status, "exit_code": code, "stdout": out.getvalue(),
                "stderr": err.getvalue() + trace})
        if status == "exit":
            break


_main()
`;
