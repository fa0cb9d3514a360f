// What interpreter code can do, judged by capability rather than by spelling: the names a
// process-spawning module is bound to (`import subprocess as s`, `const c = require(...)`,
// destructuring, `from os import system as run`), code evaluated from run-time input, the
// environment sent over the network, secret files read, and fork loops.

/** The languages whose one-liners are judged. */
export type Language =
  | "python"
  | "node"
  | "perl"
  | "ruby"
  | "php"
  | "awk"
  | "lua"
  | "r"
  | "julia"
  | "elisp"
  | "applescript"
  | "tcl"
  | "groovy"
  | "elixir"
  | "erlang"
  | "gnuplot"
  | "lisp"
  | "haskell"
  | "octave"
  | "generic";

const SPAWN_MODULES: Partial<Record<Language, RegExp>> = {
  python: /^(?:subprocess|os|pty|commands|popen2|posix)$/,
  node: /^(?:node:)?child_process$/,
};
const SPAWN_FUNCTIONS =
  /^(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput|system|popen[234]?|exec[lv]?p?e?|spawn[lv]?p?e?|posix_spawnp?|create_subprocess_shell|create_subprocess_exec|execSync|spawnSync|execFile|execFileSync|fork)$/;

/**
 * Names that call a process-spawning function in this code: `s.run` when subprocess is bound
 * to `s`, `sh` when `from os import system as sh`, `execSync` from destructuring.
 */
export function spawnCallNames(code: string, language: Language): RegExp | null {
  const modules = SPAWN_MODULES[language];
  if (modules === undefined) return null;
  if (
    language === "python"
      ? !/\b(?:subprocess|os|pty|commands|popen2|posix|__import__|import_module|create_subprocess_\w+)\b/.test(
          code,
        )
      : !NODE_LOADERS.test(code)
  )
    return null;
  const objects = new Set<string>();
  const functions = new Set<string>();
  if (language === "python") {
    for (const m of code.matchAll(/\bimport\s+([\w., ]+?)(?:$|;|\n)/g))
      for (const part of (m[1] ?? "").split(",")) {
        const [name = "", alias] = part.trim().split(/\s+as\s+/);
        if (modules.test(name)) objects.add(alias ?? name);
      }
    for (const m of code.matchAll(/\bfrom\s+([\w.]+)\s+import\s+\(?([\w, \n]+)\)?/g)) {
      if (!modules.test(m[1] ?? "")) continue;
      for (const part of (m[2] ?? "").split(",")) {
        const [name = "", alias] = part.trim().split(/\s+as\s+/);
        if (SPAWN_FUNCTIONS.test(name)) functions.add(alias ?? name);
      }
    }
    for (const m of code.matchAll(
      /\b(\w+)\s*=\s*(?:__import__|importlib\s*\.\s*import_module)\s*\(\s*['"](\w+)['"]\s*\)/g,
    ))
      if (modules.test(m[2] ?? "")) objects.add(m[1] ?? "");
    if (/__import__\s*\(|import_module\s*\(/.test(code)) objects.add("\\)");
    for (const m of code.matchAll(/\b(create_subprocess_(?:shell|exec))\s*\(/g))
      functions.add(m[1] ?? "");
  } else {
    const source = /(?:require|import)\s*\(\s*['"`]((?:node:)?\w+)['"`]\s*\)/g;
    for (const m of code.matchAll(
      /\b(?:const|let|var)\s+(\w+|\{[^}]*\})\s*=\s*(?:await\s+)?(?:require|import)\s*\(\s*['"`]((?:node:)?\w+)['"`]\s*\)/g,
    )) {
      if (!modules.test(m[2] ?? "")) continue;
      const binding = m[1] ?? "";
      if (!binding.startsWith("{")) objects.add(binding);
      else
        for (const part of binding.slice(1, -1).split(",")) {
          const [name = "", alias] = part.trim().split(/\s*:\s*/);
          if (SPAWN_FUNCTIONS.test(name)) functions.add(alias ?? name);
        }
    }
    for (const m of code.matchAll(
      /\bimport\s+(?:\*\s+as\s+(\w+)|(\w+)|\{([^}]*)\})\s+from\s+['"]((?:node:)?\w+)['"]/g,
    )) {
      if (!modules.test(m[4] ?? "")) continue;
      if (m[1] ?? m[2]) objects.add((m[1] ?? m[2]) as string);
      for (const part of (m[3] ?? "").split(",")) {
        const [name = "", alias] = part.trim().split(/\s+as\s+/);
        if (SPAWN_FUNCTIONS.test(name)) functions.add(alias ?? name);
      }
    }
    // `require('child_process').execSync(...)`, `import('child_process').then(m => m.exec(...))`,
    // `process.binding('spawn_sync')`: any method call once the module is loaded.
    for (const m of code.matchAll(source)) if (modules.test(m[1] ?? "")) objects.add("\\w+|\\)");
    // The module named anywhere (`process.getBuiltinModule('child_process')`,
    // `module.constructor._load(...)`, a computed global), or a loader given a name only known
    // at run time (`require(name)`): any method call may be the spawn.
    if (
      /['"`](?:node:)?child_process['"`]/.test(code) ||
      /\b(?:require|import|getBuiltinModule|_load|createRequire\s*\([^)]*\))\s*\(\s*(?!['"`])[^\s)]/.test(
        code,
      )
    )
      objects.add("\\w+|\\)");
    if (/process\s*\.\s*(?:binding|_linkedBinding)\s*\(\s*['"]spawn_sync['"]/.test(code))
      objects.add("\\w+|\\)");
  }
  if (objects.size === 0 && functions.size === 0) return null;
  const names = [...objects].map((name) => (name.includes("\\") ? `(?:${name})` : escape(name)));
  const alternatives = [
    ...(names.length > 0
      ? [
          `(?:${names.join("|")})\\s*(?:\\.\\s*|\\[\\s*['"])(?:${SPAWN_FUNCTIONS.source.slice(1, -1)})['"]?\\s*\\]?`,
        ]
      : []),
    ...[...functions].map((name) => `(?<![\\w.$])${escape(name)}`),
  ];
  return new RegExp(`(?:${alternatives.join("|")})\\s*\\(`, "g");
}

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** How node code can get at a module: literal names and loaders whose argument is computed. */
const NODE_LOADERS =
  /child_process|spawn_sync|getBuiltinModule|_load\b|createRequire|mainModule|\b(?:require|import)\s*\(\s*[^'"`\s)]/;

/**
 * An eval-family call whose argument is not a string literal, or an eval function passed as a
 * value (`.then(eval)`, `map(exec)`): code read at run time.
 */
export const RUNTIME_EVAL: RegExp =
  /(?<![\w.$])(?:exec|eval|compile|execfile|Function|instance_eval|class_eval|module_eval|create_function|assert|evalin|eval_string|Code\s*\.\s*eval_string|load|loadstring|runInThisContext|runInNewContext|runInContext|include_string)\s*[( ]\s*(?!['"`)]|\s*$)|[(,=:]\s*(?:eval|exec|Function|vm\s*\.\s*runIn\w+)\s*[),;]/;
/** Sources of run-time code: stdin, the network, the terminal. */
export const CODE_SOURCE: RegExp =
  /\b(?:input|raw_input|sys\s*\.\s*stdin|stdin|STDIN|\$stdin|gets|readline|readLine|readFileSync\s*\(\s*(?:0|['"]\/dev\/stdin['"])|file_get_contents|urlopen|urllib|requests|fetch|http|https|Net::HTTP|open-uri|URI|LWP|curl|socket|recv|read)\b|<STDIN>|php:\/\/stdin/;

/** Code that sends the whole environment over the network. */
export function sendsEnvironment(code: string): boolean {
  const environment =
    /\bprocess\s*\.\s*env\b(?!\s*(?:\.\s*\w|\[))|\bos\s*\.\s*environ\b(?!\s*(?:\[|\.\s*get\b))|\bENV\s*\.\s*(?:to_h|to_a|inspect|each)|%ENV\b|\bgetenv\s*\(\s*\)|\bSystem\s*\.\s*getenv\s*\(\s*\)/;
  const network =
    /\b(?:fetch|axios|request|http|https|net\s*\.\s*connect|urlopen|urllib|requests|socket|Net::HTTP|LWP|curl|XMLHttpRequest|sendBeacon|WebSocket)\b/;
  return environment.test(code) && network.test(code);
}

/** A fork inside an unbounded loop or infinite iterator. */
export const FORK_LOOP: RegExp =
  /\bfork\s+(?:while|until|for)\s+(?:1|true|0|\(\s*1\s*\))|(?:while\s*\(?\s*(?:1|true|True)\b|for\s*\(\s*;\s*;\s*\)|iter\s*\(\s*int\s*,\s*1\s*\)|itertools\s*\.\s*count\s*\(|\bloop\s*(?:do|\{)|\bcount\s*\(\s*\))[\s\S]{0,120}\bfork\b|\bfork\b[\s\S]{0,40}\bfor\b[\s\S]{0,40}\b(?:iter\s*\(\s*int\s*,\s*1\s*\)|itertools\s*\.\s*count\s*\(|count\s*\(\s*\))/;
