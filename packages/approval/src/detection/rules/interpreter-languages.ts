// Per-language tables of interpreter one-liners: which programs speak which language, the flags
// that carry inline code, and how each language spells a shell-out or a delete.
import type { Language } from "./code-capabilities.js";

/** Calls that hand a command line to a shell, per language. */
export const SHELL_CALLS: Readonly<Record<Language, RegExp>> = {
  python:
    /(?:\b(?:os\s*\.\s*(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)|subprocess\s*\.\s*(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\s*\.\s*getoutput|pty\s*\.\s*spawn|(?<![\w.])(?:system|popen|check_output|check_call|call|run|Popen))|\.\s*(?:system|popen|getoutput|getstatusoutput|check_output|check_call|Popen|spawn[lv]p?e?|exec[lv]p?e?))\s*\(/g,
  node: /(?<![\w$.])(?:(?:child_process|cp|require\s*\(\s*['"](?:node:)?child_process['"]\s*\))\s*\.\s*)?(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\s*\(|\bBun\s*\.\s*spawn(?:Sync)?\s*\(|(?:\bBun\s*\.\s*|(?<![\w.$]))\$\s*(?=[`"])|\bDeno\s*\.\s*(?:run|Command)\s*\(/g,
  perl: /(?:\b(?:system|exec|qx)\s*\(?|`)/g,
  ruby: /(?:\b(?:system|exec|spawn|IO\s*\.\s*popen|Open3\s*\.\s*\w+)\s*\(?|%x\s*(?=[({[])|`)/g,
  php: /(?:\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\s*\(|`)/g,
  awk: /\bsystem\s*\(|\|\s*getline|print(?:[^;|"']|"[^"]*"|'[^']*')*\|\s*(?=["'])/g,
  lua: /\b(?:os\s*\.\s*execute|io\s*\.\s*popen)\s*\(/g,
  r: /\b(?:system2?|shell)\s*\(/g,
  julia: /\b(?:run|read|success|pipeline|open)\s*\(\s*(?=`)/g,
  elisp:
    /\((?:shell-command(?:-to-string)?|async-shell-command|call-process-shell-command|start-process-shell-command|process-lines)\s+/g,
  applescript: /\bdo\s+shell\s+script\s+/g,
  tcl: /\b(?:exec|open)\s+(?=["{|])/g,
  groovy: /\b(?:execute|ProcessBuilder|exec|Process)\s*\(/g,
  elixir: /(?:System\s*\.\s*(?:cmd|shell)|:os\s*\.\s*cmd)\s*\(/g,
  erlang: /\bos:cmd\s*\(/g,
  gnuplot: /\bsystem\s*\(|(?:^|[;\n])\s*!|`/g,
  lisp: /\((?:[\w.-]+[:/])?(?:system\*?|shell|sh|shell-command(?:-to-string)?|run-program|launch-program|run-shell-command|process\*?|open-(?:input-|output-)?pipe\*?|subprocess|run-process|capture-output|exec)\s+/g,
  haskell:
    /\b(?:(?:System\.)?(?:Process|Cmd)\.)?(?:callCommand|system|rawSystem|spawnCommand|runCommand|runInteractiveCommand|readCreateProcess\s*\(\s*shell|shell)\s+(?=["(])/g,
  octave: /\b(?:system|unix|dos|shell_cmd|popen2?)\s*\(/g,
  generic:
    /\b(?:system|shell|qx|run|exec|execShellCmd|execCmd|spawn|popen|Sys\s*\.\s*command|Unix\s*\.\s*system|Process\s*\.\s*(?:run|start|exec|new)|getRuntime\s*\(\s*\)\s*\.\s*exec|ProcessBuilder)\s*\(?\s*(?=["'([])/g,
};

/** Calls that delete files, per language. */
export const DELETE_CALLS: Readonly<Record<Language, RegExp>> = {
  python:
    /\b(?:shutil\s*\.\s*rmtree|os\s*\.\s*(?:remove|unlink|rmdir|removedirs)|rmtree|Path\s*\(\s*(?=['"][^'"]*['"]\s*\)\s*\.\s*(?:unlink|rmdir)))\s*\(?/g,
  node: /(?:\b(?:fs|fsp|fsPromises)\s*\.\s*(?:promises\s*\.\s*)?(?:rm|rmdir|unlink)(?:Sync)?|\)\s*\.\s*(?:promises\s*\.\s*)?(?:rm|rmdir|unlink)(?:Sync)?|\brmSync|rmdirSync|unlinkSync|rimraf(?:\s*\.\s*sync)?|fse?\s*\.\s*remove(?:Sync)?|Deno\s*\.\s*remove(?:Sync)?)\s*\(/g,
  perl: /\b(?:unlink|rmtree|remove_tree|rmdir)\s*\(?/g,
  ruby: /\b(?:FileUtils\s*\.\s*(?:rm_rf|rm_r|rm_f|rm|remove_dir|remove_entry\w*|rmtree)|File\s*\.\s*(?:delete|unlink)|Dir\s*\.\s*(?:rmdir|delete|unlink))\s*\(?/g,
  php: /\b(?:unlink|rmdir)\s*\(/g,
  awk: /$^/g,
  lua: /\bos\s*\.\s*remove\s*\(/g,
  r: /\b(?:unlink|file\s*\.\s*remove)\s*\(/g,
  julia: /\brm\s*\(/g,
  elisp: /\((?:delete-directory|delete-file)\s+/g,
  applescript: /$^/g,
  tcl: /\bfile\s+delete\s+(?:-force\s+)?(?:--\s+)?/g,
  groovy: /\b(?:deleteDir|delete)\s*\(/g,
  elixir: /\bFile\s*\.\s*rm(?:_rf|!|_rf!)?\s*\(/g,
  erlang: /\bfile:del_dir_r\s*\(/g,
  gnuplot: /$^/g,
  lisp: /\((?:[\w.-]+[:/])?(?:delete-file(?:-if-exists)?|delete-directory(?:-tree|\/files)?|delete-file-recursively|delete-tree|remove-file|rm-rf)\s+/g,
  haskell:
    /\b(?:System\.Directory\.)?(?:removeDirectoryRecursive|removePathForcibly|removeFile|removeDirectory)\s+(?=["(])/g,
  octave: /\b(?:delete|rmdir|unlink)\s*\(/g,
  generic:
    /\b(?:rmtree|rm_rf|rm_r|removeDirectoryRecursive|deleteRecursively|remove_dir_all|removeItem|rmdir|unlink|rm)\s*\(?\s*(?=["'])/g,
};

// Scheme, Common Lisp and Clojure systems: they share the `(call "arg" ...)` shape.
const LISPS: ReadonlySet<string> = new Set([
  "guile",
  "guile2",
  "guile3",
  "guile3.0",
  "racket",
  "csi",
  "gosh",
  "chibi-scheme",
  "scheme",
  "mit-scheme",
  "chez",
  "chezscheme",
  "petite",
  "gxi",
  "gsi",
  "kawa",
  "sbcl",
  "clisp",
  "ecl",
  "ccl",
  "ccl64",
  "lisp",
  "clojure",
  "clj",
  "bb",
  "janet",
]);

// Interpreters of other languages, read with calls common to most of them (`system "..."`,
// `run "rm", "-rf", x`, `Runtime.getRuntime().exec("...")`, `"cmd".!`).
const OTHER_INTERPRETERS: ReadonlySet<string> = new Set([
  "raku",
  "rakudo",
  "perl6",
  "scala",
  "scala-cli",
  "amm",
  "kotlin",
  "kotlinc",
  "kotlinc-jvm",
  "jshell",
  "swift",
  "crystal",
  "nim",
  "ocaml",
  "utop",
  "dart",
  "fsi",
  "pike",
  "io",
  "rebol",
  "red",
  "v",
  "gforth",
]);

/** The language an interpreter program speaks, or null for other programs. */
export function languageOf(name: string): Language | null {
  if (OTHER_INTERPRETERS.has(name)) return "generic";
  if (/^python(?:\d(?:\.\d+)?)?$|^pypy\d?$/.test(name)) return "python";
  if (/^(?:node|nodejs|bun|deno|tsx|ts-node)$/.test(name)) return "node";
  if (/^perl\d*(?:\.\d+)*$/.test(name)) return "perl";
  if (/^(?:ruby|jruby|irb)$/.test(name)) return "ruby";
  if (/^php\d*(?:\.\d+)?$/.test(name)) return "php";
  if (/^(?:awk|gawk|mawk|nawk|busybox-awk)$/.test(name)) return "awk";
  if (/^(?:lua|luajit|lua5\.\d)$/.test(name)) return "lua";
  if (name === "rscript" || name === "r") return "r";
  if (name === "julia") return "julia";
  if (/^(?:emacs|emacsclient|xemacs)$/.test(name)) return "elisp";
  if (name === "osascript") return "applescript";
  if (/^(?:tclsh[\d.]*|wish[\d.]*)$/.test(name)) return "tcl";
  // The JVM scripting languages spell shell-outs alike (`Runtime.getRuntime().exec(...)`,
  // `ProcessBuilder(...)`, `"cmd".execute()`, Scala's `Process("cmd")`).
  if (/^(?:groovy|scala|scala-cli|amm|kotlin|kotlinc|kotlinc-jvm)$/.test(name)) return "groovy";
  if (name === "elixir" || name === "iex") return "elixir";
  if (name === "erl" || name === "escript") return "erlang";
  if (name === "gnuplot") return "gnuplot";
  if (LISPS.has(name)) return "lisp";
  if (/^(?:ghc|ghci|runghc|runhaskell)(?:-[\d.]+)?$/.test(name)) return "haskell";
  if (/^(?:octave|octave-cli|matlab)$/.test(name)) return "octave";
  return null;
}

/** Options whose value (or attached text) is inline code, per language. */
export const CODE_FLAGS: Readonly<Record<Language, RegExp>> = {
  python: /^-[bBdEhiIOqsSuvWx]*c$/,
  node: /^(?:-e|-p|--eval|--print|-pe|-ep)$/,
  perl: /^-[a-zA-DF-Z0-9:]*[eE]$/,
  ruby: /^-[a-zA-Z0-9]*e$/,
  php: /^-r$/,
  awk: /^$/,
  lua: /^-e$/,
  r: /^-e$/,
  julia: /^(?:-e|-E|--eval|--print)$/,
  elisp: /^(?:--eval|-eval|--exec|-exec)$/,
  applescript: /^-e$/,
  tcl: /^$/,
  groovy: /^-e$/,
  elixir: /^(?:-e|--eval)$/,
  erlang: /^(?:-eval|-s)$/,
  gnuplot: /^-e$/,
  lisp: /^(?:-c|-e|-x|-p|--eval|-eval|--expression|--execute|--load-string)$/,
  haskell: /^-e$/,
  octave: /^(?:--eval|-batch|-r)$/,
  generic: /^(?:-e|-c|-E|-x|--eval|-eval|--execute|--expression)$/,
};
