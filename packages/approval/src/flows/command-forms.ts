// The spellings of a command that user deny globs are matched against. A rule like `sudo rm*`
// must also catch `/usr/bin/sudo rm -rf x`, `echo ok; sudo rm x`, `ｓｕｄｏ rm x` and `env
// FOO=1 sudo rm x`, so besides the raw text we match every simple command of the line at each
// stage of unwrapping: absolute paths reduced to the program name, quotes removed, leading
// assignments and argv-forwarding wrappers peeled off one at a time.

// Terminal escape sequences are exactly the bytes to remove, hence the control characters.
const ANSI =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]|[\u0080-\u009f]/g;
// eslint-disable-next-line no-control-regex -- NUL is one of the characters to remove
const INVISIBLE = /[\u0000\u200b-\u200f\u2060-\u2064\ufeff\u00ad]/g;

/** Remove terminal escapes, NULs and zero-width characters; fold fullwidth/compatibility forms. */
export function cleanCommandText(command: string): string {
  return command
    .replace(ANSI, "")
    .replace(INVISIBLE, "")
    .normalize("NFKC")
    .replace(/\\\r?\n/g, " ");
}

/** Options each wrapper takes that consume the next word. */
const WRAPPERS: Readonly<Record<string, ReadonlySet<string>>> = {
  sudo: new Set(["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R"]),
  doas: new Set(["-u", "-C"]),
  env: new Set(["-u", "-C", "-S", "--unset", "--chdir"]),
  command: new Set(),
  builtin: new Set(),
  exec: new Set(["-a"]),
  nice: new Set(["-n", "--adjustment"]),
  nohup: new Set(),
  time: new Set(["-f", "-o", "--format", "--output"]),
  timeout: new Set(["-s", "-k", "--signal", "--kill-after"]),
  stdbuf: new Set(["-i", "-o", "-e"]),
  ionice: new Set(["-c", "-n", "-p", "-P", "-u"]),
  chrt: new Set(),
  setsid: new Set(),
  xargs: new Set(["-I", "-i", "-n", "-P", "-L", "-d", "-E", "-s", "-a"]),
  busybox: new Set(),
};

/** Words of one simple command with shell quoting removed (no expansion). */
function splitWords(segment: string): string[] {
  const words: string[] = [];
  let current = "";
  let has = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (quote !== null) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < segment.length) current += segment[++i];
      else current += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (c === "\\" && i + 1 < segment.length) {
      current += segment[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has) words.push(current);
      current = "";
      has = false;
    } else {
      current += c;
      has = true;
    }
  }
  if (has) words.push(current);
  return words;
}

/** Split a line into simple commands at unquoted `;`, `&`, `|`, newlines and parentheses. */
function splitSegments(command: string): string[] {
  const segments: string[] = [];
  let current = "";
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (quote !== null) {
      if (c === "\\" && quote === '"') {
        current += c + (command[++i] ?? "");
        continue;
      }
      if (c === quote) quote = null;
      current += c;
      continue;
    }
    if (c === "\\") {
      current += c + (command[++i] ?? "");
    } else if (c === "'" || c === '"') {
      quote = c;
      current += c;
    } else if (
      c === ";" ||
      c === "&" ||
      c === "|" ||
      c === "\n" ||
      c === "(" ||
      c === ")" ||
      c === "`"
    ) {
      segments.push(current);
      current = "";
    } else if (c === "$" && command[i + 1] === "(") {
      segments.push(current);
      current = "";
      i++;
    } else {
      current += c;
    }
  }
  segments.push(current);
  return segments.map((s) => s.trim()).filter((s) => s !== "");
}

function programName(word: string): string {
  const slash = word.lastIndexOf("/");
  return slash >= 0 && slash < word.length - 1 ? word.slice(slash + 1) : word;
}

// Reserved words that may open a simple command (`if sudo rm x; then sudo rm y; fi`).
const KEYWORDS: ReadonlySet<string> = new Set([
  "if",
  "then",
  "else",
  "elif",
  "do",
  "while",
  "until",
  "!",
  "{",
]);
// Programs whose `-c` operand is a command line they run.
const SHELLS: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "zsh",
  "ksh",
  "dash",
  "ash",
  "mksh",
  "su",
]);
const MAX_PAYLOAD_DEPTH = 4;

/** The stages of one simple command, and the shell text it runs (a `-c` payload, `eval` args). */
interface Unwrapped {
  readonly stages: string[];
  readonly payload: string | undefined;
}

/**
 * Each stage of unwrapping one simple command, as space-joined words: every program word (the
 * command and each wrapped command) reduced to its name, then the suffix starting at each one,
 * and the same with the wrappers' options left out (`sudo -u root -- rm x` → `sudo rm x`).
 */
function unwrapStages(words: readonly string[]): Unwrapped {
  const canonical = [...words];
  const starts: number[] = [];
  let i = 0;
  while (i < canonical.length && KEYWORDS.has(canonical[i] as string)) i++;
  while (i < canonical.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(canonical[i] as string)) i++;
  for (let guard = 0; guard < 16 && i < canonical.length; guard++) {
    const program = programName(canonical[i] as string);
    canonical[i] = program;
    starts.push(i);
    const takesArgument = WRAPPERS[program];
    if (takesArgument === undefined) break;
    i++;
    while (i < canonical.length) {
      const word = canonical[i] as string;
      if (word === "--") {
        i++;
        break;
      }
      if (word.startsWith("-") && word.length > 1) i += takesArgument.has(word) ? 2 : 1;
      else if (program === "env" && word.includes("=")) i++;
      else if (
        (program === "timeout" || program === "nice" || program === "chrt") &&
        /^[\d.]+[smhd]?$/.test(word)
      )
        i++;
      else break;
    }
  }
  const stages = starts.map((start) => canonical.slice(start).join(" "));
  const last = starts.at(-1);
  if (last === undefined) return { stages, payload: undefined };
  const inner = canonical.slice(last);
  const programs = starts.slice(0, -1).map((start) => canonical[start] as string);
  for (let k = 0; k < programs.length; k++) stages.push([...programs.slice(k), ...inner].join(" "));
  return { stages, payload: payloadOf(inner) };
}

/** The command line a shell runs with `-c`, or the words `eval` joins. */
function payloadOf(inner: readonly string[]): string | undefined {
  const [program, ...args] = inner;
  if (program === "eval") return args.length > 0 ? args.join(" ") : undefined;
  if (program === undefined || !SHELLS.has(program)) return undefined;
  const flag = args.findIndex((word) => /^-[A-Za-z]*c[A-Za-z]*$/.test(word));
  if (flag < 0) return undefined;
  return args.slice(flag + 1).find((word) => !word.startsWith("-"));
}

/**
 * The raw command, its cleaned text, and every simple command in it at every unwrapping stage.
 * Deduplicated; the raw command comes first.
 */
export function commandForms(command: string, extra: readonly string[] = []): string[] {
  const forms = new Set<string>();
  addForms(forms, command, extra, 0);
  return [...forms];
}

function addForms(
  forms: Set<string>,
  command: string,
  extra: readonly string[],
  depth: number,
): void {
  forms.add(command);
  const cleaned = cleanCommandText(command);
  forms.add(cleaned);
  forms.add(cleaned.trim().replace(/\s+/g, " "));
  for (const text of [cleaned, ...extra]) {
    forms.add(text);
    for (const segment of splitSegments(text)) {
      const { stages, payload } = unwrapStages(splitWords(segment));
      for (const stage of stages) forms.add(stage);
      // `bash -c 'sudo rm x'` and `eval "sudo rm x"` run `sudo rm x`: a deny glob must see it.
      if (payload !== undefined && depth < MAX_PAYLOAD_DEPTH)
        addForms(forms, payload, [], depth + 1);
    }
  }
}
