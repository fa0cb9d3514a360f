// Files a script stages before running them, beyond plain downloads and static writes: a
// repository cloned from the network (`git clone URL ~/.df && ~/.df/install.sh`), a file
// decoded from one written earlier (`echo B64 > /tmp/p; base64 -d /tmp/p > /tmp/p.sh`), and
// a program compiled from static source (`gcc -x c - -o /tmp/a <<< CODE`). Used by the
// written-then-run rule, which keeps what each file holds by its path.
import {
  readOptions,
  staticWord,
  stageOutput,
  stdinText,
  type OptionTable,
  type SimpleCommand,
} from "@hermes-agent/shell";
import { compiledOutput } from "./compiled-code.js";

/** Marks a file whose content came from the network. */
export const REMOTE_CONTENT = "\u0000remote";
/** Prefix of the content of a program compiled from source (the source follows). */
export const COMPILED_CONTENT = "\u0000compiled\u0000";

const GIT_GLOBALS: OptionTable = {
  posix: true,
  shortWithValue: "Cc",
  longWithValue: ["git-dir", "work-tree", "namespace", "exec-path", "config-env"],
};
const CLONE_OPTIONS: OptionTable = {
  shortWithValue: "obuc",
  longWithValue: [
    "origin",
    "branch",
    "upload-pack",
    "template",
    "config",
    "depth",
    "shallow-since",
    "shallow-exclude",
    "reference",
    "reference-if-able",
    "separate-git-dir",
    "jobs",
    "filter",
    "server-option",
    "bundle-uri",
    "ref-format",
  ],
};

/** The directory `git clone URL [DIR]` fills from the network, or null. */
export function clonedDirectory(cmd: SimpleCommand): string | null {
  const global = readOptions(cmd.words.slice(1), GIT_GLOBALS).operands;
  if (global[0]?.text !== "clone") return null;
  const operands = readOptions(global.slice(1), CLONE_OPTIONS).operands;
  const url = operands[0];
  if (url === undefined || url.dynamic) return null;
  const named = operands[1];
  if (named !== undefined) return named.dynamic ? null : named.text.replace(/\/+$/, "");
  const base = url.text.replace(/\/+$/, "").split(/[/:]/).pop() ?? "";
  return base.replace(/\.git$/, "") || null;
}

// Decoders whose output is computable from a static input.
const DECODERS = /^(?:base64|base32|basenc|xxd|rev|tac|tr|gunzip|zcat|openssl)$/;

/**
 * What a decoder writes when its input is a file staged earlier with known text:
 * `base64 -d /tmp/p` is read as `base64 -d <<< TEXT`.
 */
export function decodedStagedFile(
  producer: SimpleCommand,
  name: string,
  files: ReadonlyMap<string, string>,
): string | null | undefined {
  if (!DECODERS.test(name)) return undefined;
  const words = producer.words.slice(1);
  const index = words.findIndex((word) => !word.text.startsWith("-") && files.has(word.text));
  const input = index < 0 ? undefined : files.get(words[index]?.text ?? "");
  if (input === undefined) return undefined;
  if (input === REMOTE_CONTENT) return REMOTE_CONTENT;
  const rest = words.filter((_, i) => i !== index);
  return stageOutput({
    ...producer,
    words: [producer.words[0] ?? staticWord(name), ...rest],
    redirects: [
      { op: "<<<", fd: null, target: staticWord(input.replace(/\n$/, "")), heredoc: null },
    ],
    upstream: [],
  });
}

/** The program a compiler builds, with the content it is judged by, or null. */
export function compiledProgram(
  cmd: SimpleCommand,
  files: ReadonlyMap<string, string>,
): { readonly file: string; readonly content: string } | null {
  const built = compiledOutput(cmd);
  if (built === null) return null;
  let source = "";
  for (const file of built.sources) {
    const text = file === "-" ? stdinText(cmd) : (files.get(file) ?? null);
    if (text === null) continue;
    if (text === REMOTE_CONTENT) return { file: built.output, content: REMOTE_CONTENT };
    source += `${text}\n`;
  }
  return source === "" ? null : { file: built.output, content: COMPILED_CONTENT + source };
}
