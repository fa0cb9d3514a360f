import { Buffer } from "node:buffer";
import { decodeBackslashEscapes } from "./escapes.js";
import { staticPrintf } from "./printf.js";
import { isSimple, type Script, type SimpleCommand, type Stage } from "./shell-ir.js";

const MAX_OUTPUT = 65_536;

function commandName(cmd: SimpleCommand): string {
  const first = cmd.words[0]?.text ?? "";
  return first.slice(first.lastIndexOf("/") + 1);
}

function stdinFromRedirects(cmd: SimpleCommand): string | null {
  for (const redirect of cmd.redirects) {
    if (redirect.heredoc !== null) return redirect.heredoc;
    if (redirect.op === "<<<" && redirect.target && !redirect.target.dynamic)
      return redirect.target.text + "\n";
  }
  return null;
}

function expandTrSet(set: string): string {
  let out = "";
  const text = decodeBackslashEscapes(
    set.replace(/\[:(\w+):\]/g, (_m, cls: string) =>
      cls === "lower" ? "a-z" : cls === "upper" ? "A-Z" : cls === "digit" ? "0-9" : "",
    ),
  );
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (text.charAt(i + 1) === "-" && i + 2 < text.length) {
      const end = text.charCodeAt(i + 2);
      for (let c = ch.charCodeAt(0); c <= end && out.length < 512; c++)
        out += String.fromCharCode(c);
      i += 2;
    } else out += ch;
  }
  return out;
}

/** Run one of a few pure text commands on a static input; null when not statically known. */
function runStatic(cmd: SimpleCommand, input: string | null): string | null {
  if (cmd.words.some((word) => word.dynamic || word.substitutions.length > 0)) return null;
  if (cmd.redirects.some((redirect) => redirect.op.includes(">") && redirect.fd !== "2"))
    return null;
  const name = commandName(cmd);
  const args = cmd.words.slice(1).map((word) => word.text);
  const stdin = stdinFromRedirects(cmd) ?? input;
  switch (name) {
    case "echo": {
      let newline = true;
      let escapes = false;
      while (args[0] !== undefined && /^-[neE]+$/.test(args[0])) {
        const flags = args.shift() ?? "";
        if (flags.includes("n")) newline = false;
        if (flags.includes("e")) escapes = true;
        if (flags.includes("E")) escapes = false;
      }
      const text = args.join(" ");
      return (escapes ? decodeBackslashEscapes(text, true) : text) + (newline ? "\n" : "");
    }
    case "pwd":
      return args.length === 0 ? ".\n" : null;
    case "printf":
      if (args[0] === "--") args.shift();
      return args[0] === "-v" || args.length === 0 ? null : staticPrintf(args);
    case "cat":
      return args.length === 0 || (args.length === 1 && args[0] === "-") ? stdin : null;
    case "base64":
    case "gbase64":
      if (stdin === null || !args.some((arg) => /^(?:-\w*[dD]\w*|--decode)$/.test(arg)))
        return null;
      return Buffer.from(stdin.replace(/\s+/g, ""), "base64").toString("utf8");
    case "xxd":
      if (stdin === null || !args.some((arg) => /^-\w*r/.test(arg))) return null;
      return Buffer.from(stdin.replace(/[^0-9a-fA-F]/g, ""), "hex").toString("utf8");
    case "rev":
      if (stdin === null || args.length > 0) return null;
      return stdin
        .split("\n")
        .map((line) => [...line].reverse().join(""))
        .join("\n");
    case "tr": {
      if (stdin === null) return null;
      if (args[0] === "-d" && args[1] !== undefined) {
        const drop = new Set(expandTrSet(args[1]));
        return [...stdin].filter((ch) => !drop.has(ch)).join("");
      }
      if (args.length !== 2 || args.some((arg) => arg.startsWith("-"))) return null;
      const from = expandTrSet(args[0] ?? "");
      const to = expandTrSet(args[1] ?? "");
      if (to.length === 0) return null;
      return [...stdin]
        .map((ch) => {
          const at = from.indexOf(ch);
          return at < 0 ? ch : to.charAt(Math.min(at, to.length - 1));
        })
        .join("");
    }
    default:
      return null;
  }
}

/** The static stdout of a pipeline stage and everything upstream of it, when computable. */
export function stageOutput(stage: Stage): string | null {
  if (!isSimple(stage)) return null;
  const upstream = stage.upstream[stage.upstream.length - 1];
  const input = upstream === undefined ? null : stageOutput(upstream);
  if (upstream !== undefined && input === null) return null;
  const output = runStatic(stage, input);
  return output !== null && output.length <= MAX_OUTPUT ? output : null;
}

/** The static output of a substitution's script (one pipeline of pure text commands). */
export function staticOutput(script: Script): string | null {
  const last = script.commands[script.commands.length - 1];
  if (
    last === undefined ||
    script.incomplete ||
    script.commands.length !== last.upstream.length + 1
  ) {
    return null;
  }
  return stageOutput(last);
}

/** The static text a command reads on stdin (here-doc, here-string, static pipeline). */
export function stdinText(source: SimpleCommand): string | null {
  for (const redirect of source.redirects) {
    if (redirect.heredoc !== null) return redirect.heredoc;
    if (redirect.op === "<<<" && redirect.target && !redirect.target.dynamic)
      return redirect.target.text;
  }
  const upstream = source.upstream[source.upstream.length - 1];
  return upstream === undefined ? null : stageOutput(upstream);
}
