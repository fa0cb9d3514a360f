// HTTP clients read over their option tables (curl, wget, httpie/xh): the request method, the
// URLs and the files uploaded. DELETE requests against remote services are held; against this
// machine they are held when they hit a datastore's admin API or a bulk target (`/_all`, a
// wildcard, `?recurse`, `_delete_by_query`). Uploading a system or credential file is held too.
import {
  readOptions,
  type OptionTable,
  type ReadOptions,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { isSendableSecretPath } from "../secret-paths.js";
import { type DangerousCommandMatch } from "../types.js";
import { EXEC_RULES } from "./exec-rules.js";
import { OPERATION_RULES } from "./operations-rules.js";

type Match = DangerousCommandMatch | null;

/** curl's option table (which options take a value). */
export const CURL_OPTIONS: OptionTable = {
  shortWithValue: "XdFHuoTAebcxmwKErCyYzQtDU",
  longWithValue: [
    "request",
    "data",
    "data-raw",
    "data-binary",
    "data-ascii",
    "data-urlencode",
    "json",
    "form",
    "form-string",
    "header",
    "user",
    "output",
    "upload-file",
    "user-agent",
    "referer",
    "cookie",
    "cookie-jar",
    "proxy",
    "max-time",
    "connect-timeout",
    "write-out",
    "config",
    "cert",
    "key",
    "cacert",
    "range",
    "continue-at",
    "retry",
    "resolve",
    "url",
    "oauth2-bearer",
    "proxy-user",
    "interface",
    "dump-header",
    "trace",
    "trace-ascii",
    "stderr",
    "unix-socket",
    "connect-to",
    "limit-rate",
    "max-filesize",
    "aws-sigv4",
    "variable",
    "expand-url",
  ],
};

/** wget's option table (which options take a value). */
export const WGET: OptionTable = {
  shortWithValue: "OoaPeUtTwQiBYlAIDXR",
  longWithValue: [
    "method",
    "body-data",
    "body-file",
    "post-data",
    "post-file",
    "output-document",
    "output-file",
    "append-output",
    "directory-prefix",
    "user-agent",
    "header",
    "user",
    "password",
    "http-user",
    "http-password",
    "tries",
    "timeout",
    "wait",
    "input-file",
    "base",
    "load-cookies",
    "save-cookies",
    "ca-certificate",
    "certificate",
    "private-key",
    "execute",
    "level",
    "accept",
    "reject",
    "quota",
    "limit-rate",
    "bind-address",
  ],
};

/** httpie's and xh's option table (which options take a value). */
export const HTTPIE: OptionTable = {
  shortWithValue: "aAopsv",
  longWithValue: [
    "auth",
    "auth-type",
    "output",
    "print",
    "pretty",
    "style",
    "session",
    "session-read-only",
    "verify",
    "cert",
    "cert-key",
    "proxy",
    "timeout",
    "max-redirects",
    "format-options",
    "default-scheme",
    "unix-socket",
  ],
};

const LOOPBACK =
  /^(?:[a-z][\w+.-]*:\/\/)?(?:[^@/]*@)?(?:localhost|127(?:\.\d{1,3}){3}|\[::1?\]|0\.0\.0\.0|host\.docker\.internal)(?::(\d+))?(?:[/?#]|$)/i;
// Admin APIs of datastores and brokers commonly reached on this machine.
const DATASTORE_PORTS = new Set([
  "9200",
  "9201",
  "9300",
  "2379",
  "2380",
  "4001",
  "8500",
  "5984",
  "8086",
  "8087",
  "6333",
  "7700",
  "8108",
  "8123",
  "8529",
  "7474",
  "15672",
  "8091",
  "19530",
  "8983",
  "8098",
  "7280",
  // Container, cluster, scheduler, secret-store and metrics admin APIs.
  "2375",
  "2376",
  "10250",
  "10255",
  "6443",
  "8001",
  "4646",
  "8200",
  "9090",
]);
// Targets that name many records at once.
const BULK_TARGET =
  /\/_all\b|\*|\/_delete_by_query\b|\/_bulk\b|[?&]recurse\b|\/deleterange\b|\/_(?:index_template|template|snapshot)\/?$|\/collections\/?$|\/(?:indexes|indices|databases|buckets|keys)\/?(?:[?#]|$)/i;

/** A DELETE-like request: held unless it names one record on a plain local service. */
function methodMatch(method: string, urls: readonly string[]): Match {
  const upper = method.toUpperCase();
  if (urls.some((url) => /\/_delete_by_query\b/.test(url)))
    return matchOf(OPERATION_RULES.httpDelete);
  if (upper !== "DELETE" && upper !== "PURGE") return null;
  if (urls.length === 0) return matchOf(OPERATION_RULES.httpDelete);
  for (const url of urls) {
    const loopback = LOOPBACK.exec(url);
    if (loopback === null) return matchOf(OPERATION_RULES.httpDelete);
    if (DATASTORE_PORTS.has(loopback[1] ?? "") || BULK_TARGET.test(url))
      return matchOf(OPERATION_RULES.httpDelete);
  }
  return null;
}

/** A file sent in a request body that is a credential or machine configuration. */
function isSensitiveUpload(path: string): boolean {
  if (path === "" || path === "-") return false;
  return (
    isSendableSecretPath(path) ||
    /^\/(?:etc|root|proc|boot|var\/log|var\/lib)\/|^~\/\.(?!cache\/)|^\/home\/[^/]+\/\./.test(path)
  );
}

function uploadMatch(paths: readonly string[], urls: readonly string[]): Match {
  if (urls.length > 0 && urls.every((url) => LOOPBACK.test(url))) return null;
  return paths.some(isSensitiveUpload) ? matchOf(EXEC_RULES.exfiltration) : null;
}

function values(read: ReadOptions, ...names: string[]): string[] {
  return read.options.filter((o) => names.includes(o.name)).map((o) => o.value ?? "");
}

function curl(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, CURL_OPTIONS);
  const urls = [...read.operands.map((word) => word.text), ...values(read, "url")];
  const method = values(read, "X", "request").pop() ?? "";
  const found = methodMatch(method, urls);
  if (found) return found;
  const bodies = values(read, "d", "data", "data-binary", "data-ascii", "data-urlencode", "json")
    .filter((value) => value.startsWith("@") || /^[\w-]*=?@/.test(value))
    .map((value) => value.replace(/^[\w-]*=?@/, ""));
  const forms = values(read, "F", "form").flatMap((value) => {
    const at = /=[<@]([^;]+)/.exec(value);
    return at === null ? [] : [at[1] ?? ""];
  });
  return uploadMatch([...bodies, ...forms, ...values(read, "T", "upload-file")], urls);
}

function wget(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, WGET);
  const urls = read.operands.map((word) => word.text);
  const found = methodMatch(values(read, "method").pop() ?? "", urls);
  return found ?? uploadMatch(values(read, "post-file", "body-file"), urls);
}

const HTTP_METHOD = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|PURGE)$/i;

function httpie(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, HTTPIE);
  const ops = read.operands.map((word) => word.text);
  const hasMethod = HTTP_METHOD.test(ops[0] ?? "");
  const method = hasMethod ? (ops[0] ?? "") : "";
  const url = ops[hasMethod ? 1 : 0];
  const urls = url === undefined ? [] : [url];
  const found = methodMatch(method, urls);
  if (found) return found;
  // Request items `field@/path` (file upload) and `field=@/path` / `field:=@/path` (contents).
  const files = ops.slice(hasMethod ? 2 : 1).flatMap((item) => {
    const at = /^[^=@:]*(?:=|:=)?@(.+)$/.exec(item);
    return at === null ? [] : [at[1] ?? ""];
  });
  return uploadMatch(files, urls);
}

/** HTTP client rules dispatched by command name. */
export const httpClientRules: CommandRule = (cmd) => {
  switch (cmd.name) {
    case "curl":
    case "curlie":
      return curl(cmd);
    case "wget":
    case "wget2":
      return wget(cmd);
    case "http":
    case "https":
    case "xh":
    case "xhs":
      return httpie(cmd);
    default:
      return null;
  }
};
