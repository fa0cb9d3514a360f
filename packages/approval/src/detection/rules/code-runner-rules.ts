// Programs whose own command language runs shell lines, and runtimes that run code from a URL:
// dc's `!cmd`, the `!cmd` escape of ftp, sftp and smbclient batch input, lftp's `-c`/`-e`
// scripts, and `deno run`/`deno install` of an https: or data: module with permissions (a data:
// module is decoded and judged as the code it is).
import { DYNAMIC, type ResolvedCommand, type Word } from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { EXEC_RULES } from "./exec-rules.js";
import { codeMatch } from "./interpreter-rules.js";
import { stdinText } from "@hermes-agent/shell";
import { worstMatch } from "./worst-match.js";

type Match = DangerousCommandMatch | null;

/** The value of `-x VALUE`, `-xVALUE` or `--long=VALUE` / `--long VALUE` options. */
function optionTexts(args: readonly Word[], short: string, long: string | null): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    if (text === short || (long !== null && text === long)) {
      const next = args[++i];
      if (next !== undefined) out.push(next);
    } else if (text.startsWith(short) && text.length > short.length && !text.startsWith("--"))
      out.push({ ...(args[i] as Word), text: text.slice(short.length) });
    else if (long !== null && text.startsWith(`${long}=`))
      out.push({ ...(args[i] as Word), text: text.slice(long.length + 1) });
  }
  return out;
}

/** Shell lines after `!` in a command script (`!` followed by `<`, `>`, `=` is a dc comparison). */
function bangLines(text: string, dc: boolean): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const m = dc ? /(?:^|[^\\])!(?![<>=])([^\]\n]*)/.exec(line) : /^\s*!(.*)$/.exec(line);
    if (m !== null && (m[1] ?? "").trim() !== "") out.push(m[1] ?? "");
  }
  return out;
}

function judgeScripts(
  scripts: readonly Word[],
  stdin: string | null,
  dc: boolean,
  ctx: RuleContext,
): Match {
  const found: Match[] = [];
  for (const script of scripts) {
    if (script.dynamic && script.text.includes(DYNAMIC))
      found.push(matchOf(EXEC_RULES.dynamicPayload));
    else for (const line of bangLines(script.text, dc)) found.push(ctx.analyseText(line));
  }
  if (stdin !== null) for (const line of bangLines(stdin, dc)) found.push(ctx.analyseText(line));
  return worstMatch(found);
}

/** `dc -e '!CMD'`, `dc --expression=...`, dc reading stdin. */
function dcMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const scripts = [...optionTexts(cmd.args, "-e", "--expression")];
  const operands = cmd.args.filter(
    (word, i) =>
      !word.text.startsWith("-") &&
      !/^-[ef]$|^--(?:expression|file)$/.test(cmd.args[i - 1]?.text ?? ""),
  );
  const stdin =
    operands.length === 0 || operands.some((word) => word.text === "-")
      ? stdinText(cmd.source)
      : null;
  return judgeScripts(scripts, stdin, true, ctx);
}

/** ftp, sftp (`-b -`), smbclient (`-c CMDS`), lftp (`-c`/`-e`): `!CMD` runs a local shell. */
function transferClientMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const name = cmd.name;
  const scripts: Word[] = [];
  if (name === "lftp")
    scripts.push(...optionTexts(cmd.args, "-c", null), ...optionTexts(cmd.args, "-e", null));
  if (name === "smbclient") scripts.push(...optionTexts(cmd.args, "-c", "--command"));
  const split = scripts.map((word) => ({
    ...word,
    text: word.text
      .split(";")
      .map((part) => part.trim())
      .join("\n"),
  }));
  const batch = name === "sftp" ? optionTexts(cmd.args, "-b", null) : [];
  const readsStdin =
    name === "ftp" ||
    name === "lftp" ||
    name === "smbclient" ||
    batch.some((word) => /^(?:-|\/dev\/stdin)$/.test(word.text));
  return judgeScripts(split, readsStdin ? stdinText(cmd.source) : null, false, ctx);
}

// Deno permission flags: any of them lets the module act outside the sandbox.
const DENO_PERMISSION = /^(?:-[ARWNESI]+|--allow-[a-z-]+(?:=.*)?|--unstable-[a-z-]+)$/;
const DENO_WITH_VALUE: ReadonlySet<string> = new Set([
  "-n",
  "--name",
  "--root",
  "-c",
  "--config",
  "--import-map",
  "--lock",
  "-L",
  "--log-level",
  "--cert",
  "--location",
  "--seed",
  "--env-file",
  "-o",
  "--output",
  "--target",
]);
const DENO_RUNS = new Set(["run", "serve", "install", "i", "x", "test", "bench", "compile"]);

/** The code of a `data:` URL (base64 or percent-encoded), or null. */
function dataUrlCode(url: string): string | null {
  const comma = url.indexOf(",");
  if (!url.startsWith("data:") || comma < 0) return null;
  const meta = url.slice(5, comma);
  const body = url.slice(comma + 1);
  try {
    return meta.endsWith(";base64")
      ? Buffer.from(body, "base64").toString("utf8")
      : decodeURIComponent(body);
  } catch {
    return null;
  }
}

/** `deno run -A https://host/x.ts`, `deno run --allow-all data:...;base64,...`. */
function denoMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const args = cmd.args;
  const sub = args.findIndex((word) => !word.text.startsWith("-"));
  if (sub < 0 || !DENO_RUNS.has(args[sub]?.text ?? "")) return null;
  const rest = args.slice(sub + 1);
  const permitted = rest.some((word) => DENO_PERMISSION.test(word.text));
  const module = rest.find(
    (word, i) => !word.text.startsWith("-") && !DENO_WITH_VALUE.has(rest[i - 1]?.text ?? ""),
  );
  if (module === undefined) return null;
  const text = module.text;
  if (text.startsWith("data:")) {
    const code = dataUrlCode(text);
    if (code === null) return matchOf(EXEC_RULES.decodePipe);
    const inner = codeMatch(code, "node", ctx);
    return inner ?? (permitted ? matchOf(EXEC_RULES.decodePipe) : null);
  }
  if (/^https?:\/\//.test(text) || (module.dynamic && text.startsWith(DYNAMIC)))
    return permitted ? matchOf(EXEC_RULES.remoteExec) : null;
  return null;
}

/**
 * `xargs -a FILE CMD`, `xargs --arg-file=FILE CMD`: the items come from FILE, which is judged
 * like the same xargs reading `< FILE` (a credential file sent with curl, say).
 */
function xargsFileMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  if (cmd.via.length > 0) return null;
  const words = cmd.source.words;
  let file: Word | null = null;
  const kept: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word;
    const text = word.text;
    if (file === null && i > 0 && (text === "-a" || text === "--arg-file")) {
      file = words[++i] ?? null;
      continue;
    }
    if (file === null && i > 0 && /^(?:-a.|--arg-file=)/.test(text)) {
      file = { ...word, text: text.replace(/^-a|^--arg-file=/, "") };
      continue;
    }
    kept.push(word);
  }
  if (file === null) return null;
  return ctx.analyseCommand({
    ...cmd.source,
    words: kept,
    redirects: [...cmd.source.redirects, { op: "<", fd: null, target: file, heredoc: null }],
  });
}

const BY_NAME: ReadonlyMap<string, (cmd: ResolvedCommand, ctx: RuleContext) => Match> = new Map([
  ["xargs", xargsFileMatch],
  ["dc", dcMatch],
  ["ftp", transferClientMatch],
  ["sftp", transferClientMatch],
  ["lftp", transferClientMatch],
  ["smbclient", transferClientMatch],
  ["deno", denoMatch],
]);

/** Command languages with a shell escape, and runtimes given a remote or inline module. */
export const codeRunnerRules: CommandRule = (cmd, ctx) => BY_NAME.get(cmd.name)?.(cmd, ctx) ?? null;
