// One HTTP request as curl, wget, httpie or xh would send it: the method (explicit, or POST
// when a body is given), the URLs, the body text (inline data, form-encoded fields decoded,
// `@-` read from the command's stdin) and the header lines. Datastore and secret-store API
// rules read requests through this instead of each re-reading the clients' options.
import {
  readOptions,
  stdinText,
  type ReadOptions,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { CURL_OPTIONS, HTTPIE, WGET } from "./http-client-rules.js";

/** What an HTTP client command sends. */
export interface HttpRequest {
  /** Upper-cased method; GET when none is given and nothing is sent. */
  readonly method: string;
  readonly urls: readonly string[];
  /** Every body piece, decoded (`query=DROP%20TABLE` reads `query=DROP TABLE`). */
  readonly body: string;
  /** Header lines (`X-Vault-Token: ...`). */
  readonly headers: readonly string[];
}

/** `%xx` and `+` decoded; text that is not valid percent-encoding is kept as written. */
export function urlDecode(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function values(read: ReadOptions, ...names: readonly string[]): string[] {
  return read.options.filter((o) => names.includes(o.name)).map((o) => o.value ?? "");
}

function bodyPieces(pieces: readonly string[], cmd: ResolvedCommand): string {
  return pieces
    .map((piece) => {
      if (piece === "@-" || /^[\w-]*=?@-$/.test(piece)) return stdinText(cmd.source) ?? "";
      return urlDecode(piece);
    })
    .join("\n");
}

/** curl's options that send a body (or upload a file). */
export const CURL_DATA_OPTIONS: readonly string[] = [
  "d",
  "data",
  "data-raw",
  "data-binary",
  "data-ascii",
  "data-urlencode",
  "json",
  "F",
  "form",
  "T",
  "upload-file",
];

function curlRequest(cmd: ResolvedCommand): HttpRequest {
  const read = readOptions(cmd.args, CURL_OPTIONS);
  const urls = [...read.operands.map((word) => word.text), ...values(read, "url")];
  const data = values(read, ...CURL_DATA_OPTIONS);
  const get = read.options.some((o) => o.name === "G" || o.name === "get");
  const explicit = values(read, "X", "request").pop();
  const method = explicit ?? (data.length > 0 && !get ? "POST" : "GET");
  // `-G`: the data goes into the URL's query string instead of a body.
  const query = data.map(urlDecode).join("&");
  return {
    method: method.toUpperCase(),
    urls: get && query !== "" ? urls.map((url) => `${url}?${query}`) : urls,
    body: get ? "" : bodyPieces(data, cmd),
    headers: values(read, "H", "header"),
  };
}

function wgetRequest(cmd: ResolvedCommand): HttpRequest {
  const read = readOptions(cmd.args, WGET);
  const data = values(read, "post-data", "body-data");
  const explicit = values(read, "method").pop();
  return {
    method: (explicit ?? (data.length > 0 ? "POST" : "GET")).toUpperCase(),
    urls: read.operands.map((word) => word.text),
    body: bodyPieces(data, cmd),
    headers: values(read, "header"),
  };
}

const HTTP_METHOD = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|PURGE)$/i;

function httpieRequest(cmd: ResolvedCommand): HttpRequest {
  const read = readOptions(cmd.args, HTTPIE);
  const ops = read.operands.map((word) => word.text);
  const hasMethod = HTTP_METHOD.test(ops[0] ?? "");
  const url = ops[hasMethod ? 1 : 0];
  const items = ops.slice(hasMethod ? 2 : 1);
  const headers = items.filter((item) => /^[\w-]+:(?!=)/.test(item));
  // Request items become a JSON body: `password=x` reads `"password":"x"`, `roles:=[...]`
  // reads `"roles":[...]`.
  const fields = items
    .filter((item) => !headers.includes(item) && /^[\w.-]+:?=/.test(item))
    .map((item) =>
      item.replace(/^([\w.-]+)(:?)=(.*)$/s, (_, k, raw, v) =>
        raw === ":" ? `"${k}":${v}` : `"${k}":"${v}"`,
      ),
    );
  const input = stdinText(cmd.source);
  const raw = values(read, "raw");
  const json = fields.length > 0 ? `{${fields.join(",")}}` : "";
  const body = [json, ...raw, ...(input === null ? [] : [input])]
    .filter((t) => t !== "")
    .join("\n");
  const method = hasMethod ? (ops[0] ?? "") : body !== "" ? "POST" : "GET";
  return {
    method: method.toUpperCase(),
    urls: url === undefined ? [] : [url],
    body,
    headers,
  };
}

/** The request an HTTP client command sends, or null for other programs. */
export function httpRequestOf(cmd: ResolvedCommand): HttpRequest | null {
  switch (cmd.name) {
    case "curl":
    case "curlie":
      return curlRequest(cmd);
    case "wget":
    case "wget2":
      return wgetRequest(cmd);
    case "http":
    case "https":
    case "xh":
    case "xhs":
      return httpieRequest(cmd);
    default:
      return null;
  }
}
