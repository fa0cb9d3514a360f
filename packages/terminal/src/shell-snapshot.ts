// Reads the shell-state snapshot the wrapper writes after each command (`export -p`, then
// `declare -f`, then `alias -p`) back into the aliases, functions and exported variables that
// the next command starts with, so approval can see what a word like `ls` will really run.
//
// The snapshot is written by a shell that also ran the user's command, which could have
// rewritten the dumper or the file itself: so it is read strictly (only the exact forms the
// dumper prints, each value read to the literal it stands for) and the next command restores
// the state as written again from what was read (see `restoreText`), never the file's bytes.
//
// Function bodies may hold multi-line strings and here-documents that bash reprints verbatim,
// so a line holding only `}` does not always end a function: a body ends at the first such line
// where the text from the header parses as one complete function definition.
import { initializeParser, parseShell } from "@hermes-agent/shell";
import {
  readAliasValue,
  readDeclareValue,
  singleQuoted,
  SnapshotFormError,
} from "./snapshot-values.js";

export { SnapshotFormError } from "./snapshot-values.js";

/** The part of a shell session's state that changes what a command word runs. */
export interface ShellSnapshotState {
  /** Alias name → replacement text. */
  readonly aliases: Readonly<Record<string, string>>;
  /** Function name → body as bash prints it (`{ ... }`). */
  readonly functions: Readonly<Record<string, string>>;
  /** The exported HOME of the session, when the snapshot has one. */
  readonly home?: string;
  /** Exported variables with a value (PATH among them), name → value. */
  readonly variables?: Readonly<Record<string, string>>;
  /**
   * The state as bash text the next command sources: every variable and alias as one
   * single-quoted literal, every function as its checked definition. Nothing in it runs.
   */
  readonly restoreText?: string;
}

/** Snapshots larger than this are not read (a session this large is refused, not guessed). */
const MAX_SNAPSHOT_CHARS = 4_000_000;

const FUNCTION_HEADER = /^(\S+) \(\) ?$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Function and alias names: no quoting, expansion, operator or blank characters. */
const COMMAND_NAME = /^[^\s$`'"\\;&|<>(){}=/-][^\s$`'"\\;&|<>(){}=/]*$/;
const DECLARE = /^declare -([A-Za-z]+) ([^=\s]+)(=?)/;
/** The run marker: restored from a snapshot it would let a command pose as another run. */
const MARKER_NAME = "HERMES_TERMINAL_RUN";

/** Names of the wrapper's own state: a snapshot holding one was not written by the wrapper. */
function isWrapperName(name: string): boolean {
  return name.toLowerCase().startsWith("__hermes") || name === MARKER_NAME;
}

function checkCommandName(kind: string, name: string): void {
  if (!COMMAND_NAME.test(name)) throw new SnapshotFormError(`${kind} name ${JSON.stringify(name)}`);
  // The wrapper runs `builtin ...` after restoring: a function of that name would run instead.
  if (isWrapperName(name) || name === "builtin") {
    throw new SnapshotFormError(`a ${kind} named ${name}, which only a tampered snapshot holds`);
  }
}
/**
 * What earlier parses of a session's snapshots found, by the exact text parsed: a session's
 * snapshots differ little from one command to the next (a `cd`, a variable), and parsing each
 * function again costs far more than looking it up. Holds what the last parse used.
 */
class SnapshotParseMemo {
  #functions = new Map<string, boolean>();
  #nextFunctions = new Map<string, boolean>();

  /**
   * Whether `definition` parses complete: undefined while it does not, else whether it is
   * exactly one definition of `name` (nothing outside the function's body).
   */
  functionDefinition(definition: string, name: string): boolean | undefined {
    const known = this.#nextFunctions.get(definition) ?? this.#functions.get(definition);
    if (known !== undefined) {
      this.#nextFunctions.set(definition, known);
      return known;
    }
    const parsed = parseShell(definition);
    if (parsed.incomplete || parsed.functions.length === 0) return undefined;
    const inBodies = new Set(parsed.functions.flatMap((f) => f.body.commands));
    const exact =
      parsed.functions[0]?.name === name &&
      parsed.commands.every((command) => inBodies.has(command));
    this.#nextFunctions.set(definition, exact);
    return exact;
  }

  /** A parse ended: keep only what it used. */
  settle(): void {
    this.#functions = this.#nextFunctions;
    this.#nextFunctions = new Map();
  }
}

/** Index of the end of the line holding `at`. */
function lineEndAt(text: string, at: number): number {
  const end = text.indexOf("\n", at);
  return end < 0 ? text.length : end;
}

function expectLineEnd(text: string, at: number, what: string): void {
  if (at < text.length && text[at] !== "\n") {
    throw new SnapshotFormError(`text after the value of ${what}`);
  }
}

/**
 * Parse a snapshot file's text. Throws {@link SnapshotFormError} when the text is not exactly
 * what the wrapper writes, so the caller can discard it instead of restoring it.
 */
export function parseShellSnapshot(
  text: string,
  memo: SnapshotParseMemo = new SnapshotParseMemo(),
): ShellSnapshotState {
  if (text.length > MAX_SNAPSHOT_CHARS) {
    throw new SnapshotFormError(`shell snapshot of ${text.length} characters is too large to read`);
  }
  const aliases: Record<string, string> = {};
  const functions: Record<string, string> = {};
  const variables: Record<string, string> = {};
  const restore: { variables: string[]; functions: string[]; aliases: string[] } = {
    variables: [],
    functions: [],
    aliases: [],
  };
  let i = 0;
  while (i < text.length) {
    const lineEnd = lineEndAt(text, i);
    const line = text.slice(i, lineEnd);
    const header = FUNCTION_HEADER.exec(line);
    if (header !== null) {
      const name = header[1] ?? "";
      checkCommandName("function", name);
      let end = lineEnd;
      let exact: boolean | undefined;
      while (exact === undefined) {
        const close = text.indexOf("\n}", end);
        if (close < 0) throw new SnapshotFormError(`function ${name} in shell snapshot has no end`);
        end = lineEndAt(text, close + 1);
        exact = memo.functionDefinition(text.slice(i, end), name);
      }
      if (!exact) {
        throw new SnapshotFormError(`function ${name} holds more than its own definition`);
      }
      functions[name] = text.slice(lineEnd + 1, end).trim();
      restore.functions.push(text.slice(i, end));
      i = end + 1;
      continue;
    }
    const declare = DECLARE.exec(line);
    if (declare !== null) {
      const [whole, flags = "", name = "", eq] = declare;
      if (!VARIABLE_NAME.test(name)) throw new SnapshotFormError(`variable name ${name}`);
      if (isWrapperName(name)) {
        throw new SnapshotFormError(
          `a variable named ${name}, which only a tampered snapshot holds`,
        );
      }
      if (/[aA]/.test(flags)) {
        // Arrays are never exported to programs; they are not restored.
        i = lineEnd + 1;
        continue;
      }
      if (eq === "") {
        expectLineEnd(text, i + whole.length, name);
        restore.variables.push(`declare -x ${name}`);
        i = lineEnd + 1;
        continue;
      }
      const read = readDeclareValue(text, i + whole.length);
      expectLineEnd(text, read.end, name);
      variables[name] = read.value;
      restore.variables.push(`declare -x ${name}=${singleQuoted(read.value)}`);
      i = read.end + 1;
      continue;
    }
    if (line.startsWith("alias ")) {
      const eq = line.indexOf("=");
      const name = eq < 0 ? "" : line.slice(6, eq);
      checkCommandName("alias", name);
      const read = readAliasValue(text, i + eq + 1);
      expectLineEnd(text, read.end, `alias ${name}`);
      aliases[name] = read.value;
      restore.aliases.push(`alias ${name}=${singleQuoted(read.value)}`);
      i = read.end + 1;
      continue;
    }
    if (line.trim() !== "") {
      throw new SnapshotFormError(`unexpected line in shell snapshot: ${line.slice(0, 120)}`);
    }
    i = lineEnd + 1;
  }
  const home = variables.HOME;
  const restoreText = [...restore.variables, ...restore.functions, ...restore.aliases]
    .map((part) => `${part}\n`)
    .join("");
  // Bash holds no NUL byte: a value decoded to one was not printed by bash.
  if (restoreText.includes("\0")) throw new SnapshotFormError("a NUL byte in a value");
  return { aliases, functions, ...(home === undefined ? {} : { home }), variables, restoreText };
}

function parseMemoized(text: string, memo: SnapshotParseMemo): ShellSnapshotState {
  try {
    return parseShellSnapshot(text, memo);
  } finally {
    memo.settle();
  }
}

const EMPTY_STATE: ShellSnapshotState = { aliases: {}, functions: {} };

/**
 * Reads the state of whichever snapshot is current. Snapshot files are never rewritten (each
 * command writes a new one), so the last parse is kept until the current file changes, and
 * kept too when the new file holds the same text (a command that changed nothing). When the
 * file was replaced and removed while it was being read, the new current one is read.
 */
export function snapshotStateReader(
  current: () => string | undefined,
  read: (file: string) => Promise<string>,
): () => Promise<ShellSnapshotState> {
  let cached: { file: string; text: string; state: ShellSnapshotState } | undefined;
  const memo = new SnapshotParseMemo();
  return async () => {
    await initializeParser();
    for (let attempt = 0; ; attempt++) {
      const file = current();
      if (file === undefined) return EMPTY_STATE;
      if (cached?.file === file) return cached.state;
      let text: string;
      try {
        text = await read(file);
      } catch (error) {
        if (attempt < 3 && current() !== file) continue;
        throw error;
      }
      cached = {
        file,
        text,
        state: cached?.text === text ? cached.state : parseMemoized(text, memo),
      };
      return cached.state;
    }
  };
}
