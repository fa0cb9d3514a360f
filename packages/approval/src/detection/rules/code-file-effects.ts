// The files interpreter code writes, whatever the language spells the write as: whole-file
// writes, opens in a writing mode (Perl's `open F, ">>", PATH` and two-argument forms
// included), copies, moves and links (their destination), and awk's `print > FILE`. Each target
// is read after constant folding, so `process.env.HOME + '/.bashrc'` is `~/.bashrc`.
import { readFirstArgument, readLiteralArgument } from "./code-literals.js";
import type { Language } from "./code-capabilities.js";

/** A command line that code hands to a shell through a file-opening call (`open F, "|sh"`). */
export interface PipeOpen {
  readonly command: string;
}

// Calls whose first argument is a file they write whatever their other arguments are.
const WRITES_FIRST =
  /(?<![\w$])(?:(?:fs\s*\.\s*)?(?:promises\s*\.\s*)?(?:writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|outputFileSync|outputFile|truncateSync|truncate)|fse\s*\.\s*(?:outputFile|writeJson)\w*|Deno\s*\.\s*(?:writeTextFile|writeFile|create|truncate)(?:Sync)?|Bun\s*\.\s*write|file_put_contents|(?:File|IO)\s*\.\s*(?:write|binwrite)|File\s*\.\s*new\s*(?=\([^)]*,\s*['"][wa])|writeLines|write_lines|spit|io\s*\.\s*output|writedlm|sink|(?:fs\s*\.\s*)?(?:chmodSync|chownSync|lchownSync)|os\s*\.\s*(?:chmod|chown|lchown|truncate)|File\s*\.\s*(?:chmod|chown|truncate))\s*\(/g;
// Calls whose first argument is written only when the mode argument says so.
const OPENS =
  /(?<![\w$])(?:open|fopen|io\s*\.\s*open|File\s*\.\s*open|codecs\s*\.\s*open|io\s*\.\s*open|Kernel\s*\.\s*open|openSync|fs\s*\.\s*open|fs\s*\.\s*openSync)\s*\(/g;
// Methods called on a path literal that write it (`Path("x").write_text(...)`, after folding).
const PATH_METHOD =
  /("(?:[^"\\]|\\.)*")\s*\)?\s*\.\s*(?:write_text|write_bytes|open\s*\(\s*['"][^'"]*[wax+]|touch|symlink_to|hardlink_to)/g;
// Copies, moves and links: the last argument (second) is what gets written.
const COPIES =
  /(?<![\w$])(?:shutil\s*\.\s*(?:copy(?:file|2|tree)?|move)|os\s*\.\s*(?:rename|renames|replace|symlink|link)|(?:fs\s*\.\s*)?(?:copyFileSync|copyFile|renameSync|cpSync|symlinkSync|linkSync)|FileUtils\s*\.\s*(?:cp_r|cp|mv|copy|move|install|ln_sf|ln_s|ln|copy_file)|File\s*\.\s*(?:rename|symlink|link)|(?<![.\w])(?:copy|rename|symlink|link)|file\s*\.\s*(?:copy|rename|symlink)|Deno\s*\.\s*(?:copyFile|rename|symlink|link)(?:Sync)?)\s*\(/g;

/** Index just after the top-level `,` that ends the argument starting at `start`, or -1. */
function nextArgument(code: string, start: number): number {
  let depth = 0;
  let quote = "";
  for (let i = start; i < code.length && i < start + 600; i++) {
    const ch = code.charAt(i);
    if (quote !== "") {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
    } else if (ch === "'" || ch === '"' || ch === "`") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) {
      if (depth === 0) return -1;
      depth--;
    } else if (ch === "," && depth === 0) return i + 1;
  }
  return -1;
}

function argumentAt(code: string, start: number, n: number): number {
  let at = start;
  for (let k = 0; k < n && at >= 0; k++) at = nextArgument(code, at);
  return at;
}

// Perl's open: `open(F, MODE, PATH)`, `open F, ">PATH"`, `open(my $fh, "-|", CMD)`.
const PERL_OPEN = /\bopen\s*\(?\s*(?:my\s+|local\s+|our\s+)?[$*]?\w+\s*,\s*/g;
const PERL_MODE = /^\s*(\+?(?:>>|>|<)|\|-|-\||\|)\s*(?::\w+(?:\([^)]*\))?)?\s*$/;

function perlOpens(code: string, targets: string[], pipes: PipeOpen[]): void {
  for (const m of code.matchAll(PERL_OPEN)) {
    const start = m.index + m[0].length;
    const first = readFirstArgument(code, start);
    if (first === null) continue;
    const mode = PERL_MODE.exec(first)?.[1];
    if (mode !== undefined) {
      const rest = argumentAt(code, start, 1);
      if (rest < 0) continue;
      if (mode.includes("|")) {
        const command = readLiteralArgument(code, rest);
        pipes.push({ command: command?.value ?? "$CODE_VALUE" });
      } else if (mode.includes(">") || mode === "+<") {
        const path = readFirstArgument(code, rest);
        if (path !== null) targets.push(path.trim());
      }
      continue;
    }
    const two = /^\s*(\+?>>?|\+<)\s*(.*)$/.exec(first);
    if (two) targets.push((two[2] ?? "").trim());
    else if (/^\s*\|/.test(first)) pipes.push({ command: first.replace(/^\s*\|/, "") });
    else if (/\|\s*$/.test(first)) pipes.push({ command: first.replace(/\|\s*$/, "") });
  }
}

// awk: `print ... > "FILE"`, `printf ... >> (ENVIRON["HOME"] "/x")`.
const AWK_REDIRECT = /\b(?:print|printf)\b(?:[^;}>|"]|"(?:[^"\\]|\\.)*")*(>>?)\s*\(?\s*/g;

/**
 * The paths code writes (a {@link DYNAMIC} part where only part of the path is known) and the
 * command lines it opens as pipes. Paths that are wholly unknown are left out.
 */
export function codeFileEffects(
  code: string,
  language: Language,
): { targets: string[]; pipes: PipeOpen[] } {
  const targets: string[] = [];
  const pipes: PipeOpen[] = [];
  if (language === "awk") {
    for (const m of code.matchAll(AWK_REDIRECT)) {
      const path = readFirstArgument(code, m.index + m[0].length);
      if (path !== null) targets.push(path);
    }
    return { targets, pipes };
  }
  if (language === "perl") perlOpens(code, targets, pipes);
  if (language === "r")
    for (const m of code.matchAll(/\b(?:writeLines|write|saveRDS|save)\s*\(|\bfile\s*=\s*/g)) {
      const at = m[0].startsWith("file")
        ? m.index + m[0].length
        : argumentAt(code, m.index + m[0].length, 1);
      const path = at < 0 ? null : readFirstArgument(code, at);
      if (path !== null) targets.push(path);
    }
  if (language === "julia")
    for (const m of code.matchAll(/(?<![\w.])write\s*\(/g)) {
      const path = readFirstArgument(code, m.index + m[0].length);
      if (path !== null) targets.push(path);
    }
  for (const m of code.matchAll(WRITES_FIRST)) {
    const path = readFirstArgument(code, m.index + m[0].length);
    if (path !== null) targets.push(path);
  }
  if (language !== "perl")
    for (const m of code.matchAll(OPENS)) {
      const start = m.index + m[0].length;
      const path = readFirstArgument(code, start);
      if (path === null) continue;
      const modeAt = argumentAt(code, start, 1);
      const mode = modeAt < 0 ? null : readLiteralArgument(code, modeAt);
      const flags = /\b(?:O_WRONLY|O_RDWR|O_CREAT|O_APPEND|O_TRUNC)\b/.test(
        code.slice(start, start + 200),
      );
      if (flags || (mode !== null && /^[^,]*[wax+]/.test(mode.value))) targets.push(path);
      else if (language === "ruby" && /^\|/.test(path)) pipes.push({ command: path.slice(1) });
    }
  for (const m of code.matchAll(PATH_METHOD)) {
    const path = readFirstArgument(m[1] ?? "", 0);
    if (path !== null) targets.push(path);
  }
  for (const m of code.matchAll(COPIES)) {
    const destination = argumentAt(code, m.index + m[0].length, 1);
    const path = destination < 0 ? null : readFirstArgument(code, destination);
    if (path !== null) targets.push(path);
  }
  return { targets, pipes };
}
