// The folds of interpreter code (see code-folding.ts): each is a pattern over literals and
// what its match becomes, written once per decoder, join or concatenation form.
import { DYNAMIC } from "@hermes-agent/shell";
import { readQuoted } from "./code-literals.js";
import type { Language } from "./code-capabilities.js";

/** A quoted literal with an optional Python prefix (`r`, `b`, `u`). Group 1 is the literal. */
export const S: string = String.raw`((?<![\w$])(?:[rRbBuUfF]{1,2})?(?:"(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\]|\\[\s\S])*'|\x60(?:[^\x60\\]|\\[\s\S])*\x60))`;
/** The same literal without a capture group, for repetition inside lists. */
const L = S.replace(/^\(/, "(?:");

/**
 * The value of a literal token matched by {@link S}, escapes decoded (raw for `r'...'`); what
 * an f-string, a template literal or a Ruby string interpolates is unknown ({@link DYNAMIC}).
 */
export function valueOf(token: string): string {
  const prefix = /^[rRbBuUfF]*/.exec(token)?.[0] ?? "";
  let body = token.slice(prefix.length);
  if (/f/i.test(prefix))
    body = body.replace(/\{\{|\}\}|\{[^{}]*\}/g, (m) =>
      m === "{{" || m === "}}" ? m.charAt(0) : DYNAMIC,
    );
  if (body.startsWith("`")) body = body.replace(/\$\{[^{}]*\}/g, DYNAMIC);
  if (body.startsWith('"')) body = body.replace(/#\{[^{}]*\}/g, DYNAMIC);
  return readQuoted(body, /r/i.test(prefix)) ?? "";
}

/** A double-quoted literal holding `value`. */
export function quoted(value: string): string {
  return JSON.stringify(value);
}

const LITERALS = new RegExp(S, "g");

function literalsIn(list: string): string[] {
  return [...list.matchAll(LITERALS)].map((m) => valueOf(m[1] ?? ""));
}

function decodeBase64(text: string): string {
  const clean = text.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return text;
  return Buffer.from(clean, "base64").toString("latin1");
}

function decodeHex(text: string): string {
  const clean = text.replace(/\s+|\\x|0x/gi, "");
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(clean)) return text;
  return Buffer.from(clean, "hex").toString("latin1");
}

function rot13(text: string): string {
  return text.replace(/[a-zA-Z]/g, (ch) => {
    const base = ch <= "Z" ? 65 : 97;
    return String.fromCharCode(((ch.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const reversed = (text: string): string => Array.from(text).reverse().join("");

function charCodes(list: string): string | null {
  const codes = list.split(",").map((part) => part.trim());
  if (codes.some((code) => !/^(?:0x[0-9a-f]+|\d+)$/i.test(code))) return null;
  return String.fromCharCode(...codes.map((code) => Number(code) & 0xffff));
}

/** A pattern and what its match folds to; groups that did not take part are "". */
export type Fold = readonly [RegExp, (...groups: string[]) => string | null];

const ENCODING = String.raw`\s*,\s*(?:encoding\s*=\s*)?['"](base64|hex|utf-?8|latin1|binary|ascii|rot_?13)['"]`;

/** Folds that hold in every language (the names do not clash with ordinary code). */
export const COMMON_FOLDS: readonly Fold[] = [
  // Decoders of a literal.
  [
    new RegExp(
      String.raw`\b(?:atob|base64_decode|decode_base64|MIME::Base64::decode(?:_base64)?|Base64\s*\.\s*(?:strict_|urlsafe_)?decode64|(?:base64\s*\.\s*)?(?:(?:standard_|urlsafe_)?b64decode|decodebytes|decodestring)|binascii\s*\.\s*a2b_base64)\s*\(\s*${S}\s*\)`,
      "g",
    ),
    (token) => quoted(decodeBase64(valueOf(token))),
  ],
  [
    new RegExp(
      String.raw`\b(?:bytes|bytearray)\s*\.\s*fromhex\s*\(\s*${S}\s*\)|\b(?:binascii\s*\.\s*)?(?:unhexlify|a2b_hex)\s*\(\s*${S}\s*\)|\bhex2bin\s*\(\s*${S}\s*\)|\bpack\s*\(?\s*['"]H\*?['"]\s*,\s*${S}\s*\)?`,
      "g",
    ),
    (a, b, c, d) => quoted(decodeHex(valueOf(a || b || c || d || ""))),
  ],
  [
    new RegExp(String.raw`\[\s*${S}\s*\]\s*\.\s*pack\s*\(\s*['"]H\*?['"]\s*\)`, "g"),
    (token) => quoted(decodeHex(valueOf(token))),
  ],
  [
    new RegExp(
      String.raw`${S}\s*\.\s*unpack1?\s*\(\s*['"]m0?['"]\s*\)(?:\s*\[\s*0\s*\]|\s*\.\s*first)?`,
      "g",
    ),
    (token) => quoted(decodeBase64(valueOf(token))),
  ],
  [
    new RegExp(
      String.raw`\bBuffer\s*\.\s*from\s*\(\s*${S}${ENCODING}?\s*\)(?:\s*\.\s*toString\s*\(\s*(?:['"][\w-]+['"])?\s*\))?`,
      "g",
    ),
    (token, encoding) =>
      quoted(
        encoding === "base64"
          ? decodeBase64(valueOf(token))
          : encoding === "hex"
            ? decodeHex(valueOf(token))
            : valueOf(token),
      ),
  ],
  [
    new RegExp(String.raw`\bcodecs\s*\.\s*decode\s*\(\s*${S}${ENCODING}\s*\)`, "g"),
    (token, encoding) => {
      const value = valueOf(token);
      if (encoding === "base64") return quoted(decodeBase64(value));
      if (encoding === "hex") return quoted(decodeHex(value));
      return quoted(/rot/.test(encoding) ? rot13(value) : value);
    },
  ],
  [
    new RegExp(String.raw`\bstr_rot13\s*\(\s*${S}\s*\)`, "g"),
    (token) => quoted(rot13(valueOf(token))),
  ],
  [
    new RegExp(String.raw`\b(?:strrev|scalar\s+reverse|reverse)\s*\(\s*${S}\s*\)`, "g"),
    (token) => quoted(reversed(valueOf(token))),
  ],
  [
    new RegExp(
      String.raw`\bString\s*\.\s*fromCharCode\s*\(\s*([\dxa-fA-F,\s]+)\)|\bString\s*\.\s*fromCodePoint\s*\(\s*([\dxa-fA-F,\s]+)\)|\bstring\s*\.\s*char\s*\(\s*([\d,\s]+)\)`,
      "g",
    ),
    (a, b, c) => {
      const text = charCodes(a || b || c || "");
      return text === null ? null : quoted(text);
    },
  ],
  [/\b(?:chr|Char)\s*\(\s*(\d+|0x[0-9a-fA-F]+)\s*\)/g, (code) => quoted(charCodes(code) ?? "")],
  [/(?<![\w.])(\d+)\s*\.\s*chr\b/g, (code) => quoted(charCodes(code) ?? "")],
  [
    new RegExp(String.raw`\[\s*([\d,\s]+)\]\s*\.\s*pack\s*\(\s*['"][cCU]\*['"]\s*\)`, "g"),
    (codes) => quoted(charCodes(codes) ?? ""),
  ],
  // Reversal, case and trimming methods of a literal.
  [
    new RegExp(String.raw`${S}\s*(?:\[\s*::\s*-1\s*\]|\.\s*reverse\b(?:\s*\(\s*\))?)`, "g"),
    (token) => quoted(reversed(valueOf(token))),
  ],
  [
    new RegExp(
      String.raw`(?:${S}\s*\.\s*split\s*\(\s*(?:''|"")\s*\)|\[\s*\.\.\.\s*${S}\s*\]|Array\s*\.\s*from\s*\(\s*${S}\s*\))\s*\.\s*reverse\s*\(\s*\)\s*\.\s*join\s*\(\s*(?:''|"")\s*\)`,
      "g",
    ),
    (a, b, c) => quoted(reversed(valueOf(a || b || c || ""))),
  ],
  [
    new RegExp(
      String.raw`${S}\s*\.\s*(?:decode|encode|toString|to_s|strip|trim|chomp|expanduser|expand_path|resolve|absolute)\s*\(\s*(?:['"][\w-]+['"])?\s*\)`,
      "g",
    ),
    (token) => quoted(valueOf(token)),
  ],
  [
    new RegExp(
      String.raw`${S}\s*\.\s*(?:replace|replaceAll|gsub|sub)\s*\(\s*${S}\s*,\s*${S}\s*\)`,
      "g",
    ),
    (token, from, to) => quoted(valueOf(token).split(valueOf(from)).join(valueOf(to))),
  ],
  [
    new RegExp(String.raw`\bstr_replace\s*\(\s*${S}\s*,\s*${S}\s*,\s*${S}\s*\)`, "g"),
    (from, to, token) => quoted(valueOf(token).split(valueOf(from)).join(valueOf(to))),
  ],
  // Joins of literal lists.
  [
    new RegExp(
      String.raw`\[\s*((?:${L}\s*,\s*)*${L})\s*,?\s*\]\s*\.\s*join\s*\(\s*${S}?\s*\)`,
      "g",
    ),
    (list, separator) => quoted(literalsIn(list).join(separator ? valueOf(separator) : ",")),
  ],
  [
    new RegExp(
      String.raw`${S}\s*\.\s*join\s*\(\s*[[(]\s*((?:${L}\s*,\s*)*${L})\s*,?\s*[\])]\s*\)`,
      "g",
    ),
    (separator, list) => quoted(literalsIn(list).join(valueOf(separator))),
  ],
  [
    new RegExp(
      String.raw`(?<![.\w]\s*)\b(?:join|implode)\s*\(\s*${S}\s*,\s*(?:array\s*\(|\[)?\s*((?:${L}\s*,\s*)*${L})\s*[\])]?\s*\)`,
      "g",
    ),
    (separator, list) => quoted(literalsIn(list).join(valueOf(separator))),
  ],
  [
    new RegExp(
      String.raw`\b(?:paste0|string|concat|strcat|table\s*\.\s*concat\s*\(\s*\{)\s*\(?\s*((?:${L}\s*,\s*)*${L})\s*\}?\s*\)`,
      "g",
    ),
    (list) => quoted(literalsIn(list).join("")),
  ],
  // Calls through a name given as a string: `call_user_func("system", ...)`, Ruby's
  // `send(:system, ...)`, Python's `getattr(os, "system")`, `obj["execSync"]`.
  [
    new RegExp(
      String.raw`\b(?:call_user_func(?:_array)?|forward_static_call)\s*\(\s*${S}\s*,?`,
      "g",
    ),
    (token) => {
      const name = valueOf(token);
      return /^[\w:\\]+$/.test(name) ? `${name}(` : null;
    },
  ],
  [
    /(?:\.\s*|\b)(?:public_send|__send__|send|method)\s*\(?\s*:(\w+)\s*(?:,\s*|\)\s*\.\s*call\s*\(\s*)/g,
    (name) => `.${name}(`,
  ],
  [
    new RegExp(
      String.raw`\bgetattr\s*\(\s*([\w.]+|__import__\s*\(\s*${L}\s*\))\s*,\s*${S}\s*\)`,
      "g",
    ),
    (target, token) => {
      const name = valueOf(token);
      return /^\w+$/.test(name) ? `${target}.${name}` : null;
    },
  ],
  [
    new RegExp(String.raw`([\w$)\]])\s*\[\s*${S}\s*\]`, "g"),
    (before, token) => {
      const name = valueOf(token);
      return /^[A-Za-z_$][\w$]*$/.test(name) ? `${before}.${name}` : null;
    },
  ],
  // Path joins and home expansion of literals.
  [
    new RegExp(
      String.raw`\b(?:os\s*\.\s*path\s*\.\s*join|path\s*\.\s*(?:join|resolve)|File\s*\.\s*join|file\s*\.\s*path|(?<![.\w]\s*)joinpath|Path\s*\.\s*join|catfile)\s*\(\s*((?:${L}\s*,\s*)*${L})\s*\)`,
      "g",
    ),
    (list) =>
      quoted(
        literalsIn(list)
          .join("/")
          .replace(/\/{2,}/g, "/"),
      ),
  ],
  [
    new RegExp(
      String.raw`\b(?:os\s*\.\s*path\s*\.\s*(?:expanduser|abspath|realpath|normpath)|File\s*\.\s*expand_path|path\s*\.\s*expand|expanduser|(?:pathlib\s*\.\s*)?(?:Pure|Posix)?Path|Pathname|(?:path\s*\.\s*)?normalize)\s*\(\s*${S}\s*\)`,
      "g",
    ),
    (token) => quoted(valueOf(token)),
  ],
  // Concatenation of two literals.
  [
    new RegExp(String.raw`${S}\s*(?:\+|\.(?![\w.])|\.\.(?!\.))\s*${S}`, "g"),
    (a, b) => quoted(valueOf(a) + valueOf(b)),
  ],
];

/** Folds for one language only (operators whose meaning differs elsewhere). */
export const LANGUAGE_FOLDS: Partial<Record<Language, readonly Fold[]>> = {
  python: [
    // An f-string: what it interpolates is unknown.
    [
      /(?<![\w$])[fF][rR]?(?:"(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\]|\\[\s\S])*')/g,
      (token) => quoted(valueOf(token)),
    ],
    [new RegExp(String.raw`${S}[ \t]*${S}`, "g"), (a, b) => quoted(valueOf(a) + valueOf(b))],
    [
      new RegExp(String.raw`${S}\s*\.\s*joinpath\s*\(\s*((?:${L}\s*,\s*)*${L})\s*\)`, "g"),
      (base, list) =>
        quoted([valueOf(base), ...literalsIn(list)].join("/").replace(/\/{2,}/g, "/")),
    ],
    [
      new RegExp(String.raw`${S}\s*/\s*${S}`, "g"),
      (a, b) => quoted(`${valueOf(a)}/${valueOf(b)}`.replace(/\/{2,}/g, "/")),
    ],
  ],
  node: [[/\x60(?:[^\x60\\]|\\[\s\S])*\x60/g, (token) => quoted(valueOf(token))]],
  awk: [[new RegExp(String.raw`${S}[ \t]+${S}`, "g"), (a, b) => quoted(valueOf(a) + valueOf(b))]],
  julia: [
    [new RegExp(String.raw`${S}\s*\*\s*${S}`, "g"), (a, b) => quoted(valueOf(a) + valueOf(b))],
  ],
};
