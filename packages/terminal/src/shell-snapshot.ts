// Reads the shell-state snapshot the wrapper writes after each command (`export -p`, then
// `declare -f`, then `alias -p`) back into the aliases, functions and exported HOME that the
// next command starts with, so approval can see what a word like `ls` will really run.
//
// Function bodies may hold multi-line strings and here-documents that bash reprints verbatim,
// so a line holding only `}` does not always end a function: a body ends at the first such line
// where the text from the header parses as one complete function definition.
import { initializeParser, parseShell } from "@hermes-agent/shell";

/** The part of a shell session's state that changes what a command word runs. */
export interface ShellSnapshotState {
  /** Alias name → replacement text. */
  readonly aliases: Readonly<Record<string, string>>;
  /** Function name → body as bash prints it (`{ ... }`). */
  readonly functions: Readonly<Record<string, string>>;
  /** The exported HOME of the session, when the snapshot has one. */
  readonly home?: string;
}

/** Snapshots larger than this are not read (a session this large is refused, not guessed). */
const MAX_SNAPSHOT_CHARS = 4_000_000;

const FUNCTION_HEADER = /^(\S+) \(\) ?$/;

/** Index just past a quoted or plain shell word that starts at `start`, stopping at whitespace. */
function endOfWord(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n") return i;
    if (c === "\\") {
      i += 2;
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      i = close < 0 ? text.length : close + 1;
    } else if (c === "$" && text[i + 1] === "'") {
      i += 2;
      while (i < text.length && text[i] !== "'") i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
    } else {
      i++;
    }
  }
  return text.length;
}

/**
 * What earlier parses of a session's snapshots found, by the exact text parsed: a session's
 * snapshots differ little from one command to the next (a `cd`, a variable), and parsing each
 * function again costs far more than looking it up. Holds what the last parse used.
 */
class SnapshotParseMemo {
  #functions = new Set<string>();
  #words = new Map<string, string | undefined>();
  #nextFunctions = new Set<string>();
  #nextWords = new Map<string, string | undefined>();

  /** Whether `definition` is one complete function definition. */
  isCompleteFunction(definition: string): boolean {
    if (this.#functions.has(definition) || this.#nextFunctions.has(definition)) {
      this.#nextFunctions.add(definition);
      return true;
    }
    const parsed = parseShell(definition);
    const complete = !parsed.incomplete && parsed.functions.length > 0;
    if (complete) this.#nextFunctions.add(definition);
    return complete;
  }

  /** The value of one `NAME=<word>` as bash would read it (quotes removed). */
  wordValue(word: string): string | undefined {
    const value = this.#nextWords.has(word)
      ? this.#nextWords.get(word)
      : this.#words.has(word)
        ? this.#words.get(word)
        : staticWordValue(word);
    this.#nextWords.set(word, value);
    return value;
  }

  /** A parse ended: keep only what it used. */
  settle(): void {
    this.#functions = this.#nextFunctions;
    this.#words = this.#nextWords;
    this.#nextFunctions = new Set();
    this.#nextWords = new Map();
  }
}

function staticWordValue(word: string): string | undefined {
  const command = parseShell(`: ${word}`).commands[0];
  const value = command?.words[1];
  return value === undefined || value.dynamic ? undefined : value.text;
}

/** Index of the end of the statement starting at `start` (the newline after its last word). */
function endOfStatement(text: string, start: number): number {
  let i = start;
  while (i < text.length && text[i] !== "\n") {
    if (text[i] === " " || text[i] === "\t") i++;
    else i = endOfWord(text, i);
  }
  return i;
}

/**
 * Parse a snapshot file's text. Throws when the text is not what the wrapper writes, so the
 * caller can refuse instead of approving with state it could not read.
 */
export function parseShellSnapshot(
  text: string,
  memo: SnapshotParseMemo = new SnapshotParseMemo(),
): ShellSnapshotState {
  if (text.length > MAX_SNAPSHOT_CHARS) {
    throw new RangeError(`shell snapshot of ${text.length} characters is too large to read`);
  }
  const aliases: Record<string, string> = {};
  const functions: Record<string, string> = {};
  let home: string | undefined;
  let i = 0;
  while (i < text.length) {
    const lineEnd = text.indexOf("\n", i) < 0 ? text.length : text.indexOf("\n", i);
    const line = text.slice(i, lineEnd);
    if (FUNCTION_HEADER.test(line)) {
      const name = FUNCTION_HEADER.exec(line)?.[1] ?? "";
      const bodyStart = lineEnd + 1;
      let end = lineEnd;
      for (;;) {
        const close = text.indexOf("\n}", end);
        if (close < 0) throw new SyntaxError(`function ${name} in shell snapshot has no end`);
        const closeEnd = text.indexOf("\n", close + 1);
        end = closeEnd < 0 ? text.length : closeEnd;
        if (memo.isCompleteFunction(text.slice(i, end))) break;
      }
      functions[name] = text.slice(bodyStart, end).trim();
      i = end + 1;
    } else if (line.startsWith("declare -")) {
      const end = endOfStatement(text, i);
      const statement = text.slice(i, end);
      const homeAt = statement.indexOf(" HOME=");
      if (/^declare -\S* HOME=/.test(statement) && homeAt > 0)
        home = memo.wordValue(statement.slice(homeAt + 6));
      i = end + 1;
    } else if (line.startsWith("alias ")) {
      const end = endOfStatement(text, i);
      const statement = text.slice(i + 6, end);
      const eq = statement.indexOf("=");
      if (eq <= 0) throw new SyntaxError(`unreadable alias line in shell snapshot: ${line}`);
      const value = memo.wordValue(statement.slice(eq + 1));
      if (value === undefined) throw new SyntaxError(`unreadable alias in shell snapshot: ${line}`);
      aliases[statement.slice(0, eq)] = value;
      i = end + 1;
    } else if (line.trim() === "") {
      i = lineEnd + 1;
    } else {
      throw new SyntaxError(`unexpected line in shell snapshot: ${line.slice(0, 120)}`);
    }
  }
  return { aliases, functions, ...(home === undefined ? {} : { home }) };
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
