// Programs that run a command line given to them in an option, a subcommand or a script
// (`script -c`, `tmux new-session CMD`, `expect -c 'spawn ...'`, `git rebase -x`, psql `\!`,
// sqlite3 `.shell`, `sed 'e ...'`, `make --eval`, `npm pkg set scripts.x=...`). The command
// line is analysed like a `-c` payload; one built at run time is flagged.
import { hostViewOfContainerWords } from "./container-paths.js";
import { ANSIBLE_OPTIONS } from "./ansible-options.js";
import { DOCKER_RUN_OPTIONS } from "./docker-options.js";
import {
  hasOption,
  optionValues,
  readOptions,
  staticWord,
  type OptionTable,
  type ResolvedCommand,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { type CommandRule, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { payloadMatch } from "./exec-rules.js";
import { sedScriptCommands } from "./sed-scripts.js";
import { clientShellEscapes } from "./client-escapes.js";
import { makeMatch } from "./make-rules.js";
import { edWriteMatch } from "./editor-writes.js";
import { stdinText } from "@hermes-agent/shell";
import { worstMatch } from "./worst-match.js";

type Match = DangerousCommandMatch | null;

/** Analyse one command line given as text (dynamic parts are flagged by payloadMatch). */
function line(text: string, from: Word | null, ctx: RuleContext): Match {
  const word: Word = from === null ? staticWord(text) : { ...from, text };
  return payloadMatch([word], ctx);
}

/** Analyse an argv given as words (`screen -dm rm -rf x`, `docker exec c rm -rf x`). */
function argv(words: readonly Word[], cmd: ResolvedCommand, ctx: RuleContext): Match {
  if (words.length === 0) return null;
  const synthetic: SimpleCommand = { assignments: [], words, redirects: [], upstream: [] };
  void cmd;
  return ctx.analyseCommand(synthetic);
}

export { stdinText };

function optionPayloads(
  cmd: ResolvedCommand,
  table: OptionTable,
  names: string[],
  ctx: RuleContext,
): Match {
  const read = readOptions(cmd.args, table);
  return worstMatch(
    optionValues(read, ...names).map((option) => line(option.value ?? "", option.valueWord, ctx)),
  );
}

const SCRIPT_OPTIONS: OptionTable = {
  shortWithValue: "cEIOBTm",
  longWithValue: ["command", "echo", "log-in", "log-out", "log-io", "log-timing", "logging-format"],
  long: ["append", "flush", "force", "quiet", "return", "help", "version"],
};

const TMUX_RUNS = new Set([
  "new-session",
  "new",
  "new-window",
  "neww",
  "split-window",
  "splitw",
  "respawn-pane",
  "respawnp",
  "respawn-window",
  "respawnw",
  "run-shell",
  "run",
  "display-popup",
  "popup",
  "pipe-pane",
  "pipep",
]);
const TMUX_SUB_VALUES = "cefFlnpsStwxyT";
const KEY_NAMES = /^(?:Enter|C-m|C-j|KPEnter|Space|Tab|Escape|C-[a-z])$/;

function tmuxMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, { shortWithValue: "LSfcT", posix: true });
  const found: Match[] = optionValues(read, "c").map((o) => line(o.value ?? "", o.valueWord, ctx));
  // Commands are separated by `;` words (`\;` in the shell).
  let rest = read.operands;
  while (rest.length > 0) {
    const end = rest.findIndex((word) => word.text === ";");
    const command = end < 0 ? rest : rest.slice(0, end);
    rest = end < 0 ? [] : rest.slice(end + 1);
    const sub = command[0]?.text ?? "";
    const args = readOptions(command.slice(1), { shortWithValue: TMUX_SUB_VALUES, posix: true });
    if (TMUX_RUNS.has(sub) && args.operands.length > 0) {
      const text = args.operands.map((word) => word.text).join(" ");
      found.push(line(text, args.operands[0] ?? null, ctx));
    } else if (sub === "send-keys" || sub === "send") {
      const keys = args.operands.map((word) => (KEY_NAMES.test(word.text) ? "\n" : word.text));
      found.push(line(keys.join(" "), args.operands[0] ?? null, ctx));
    } else if (sub === "if-shell" || sub === "if") {
      found.push(...args.operands.map((word) => line(word.text, word, ctx)));
    }
  }
  return worstMatch(found);
}

function screenMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, { shortWithValue: "SctpehTXlLsE", posix: true });
  const stuff = read.options.find((o) => o.name === "X");
  if (stuff !== undefined && /^(?:stuff|exec|screen)$/.test(stuff.value ?? "")) {
    const text = read.operands.map((word) => word.text.replace(/\^M|\\n|\\r/g, "\n")).join(" ");
    return line(text, read.operands[0] ?? null, ctx);
  }
  return argv(read.operands, cmd, ctx);
}

/** expect and Tcl: `spawn CMD`, `exec CMD`, `system CMD`, `send "CMD\r"`. */
export function tclCommands(script: string): string[] {
  const out: string[] = [];
  for (const match of script.matchAll(
    /(?:^|[\n;[{])\s*(spawn|exec|system|send)\s+((?:\{[^{}\n]*\}|[^\n;\]{}])*)/g,
  )) {
    const body = (match[2] ?? "").replace(/^(?:-\w+\s+)*/, "");
    // Tcl braces quote a word literally: read them as single quotes.
    const text = body
      .replace(/\\r|\\n/g, "\n")
      .replace(/^"([\s\S]*)"$/, "$1")
      .replace(/\{([^{}]*)\}/g, (_m, inner: string) => `'${inner.replace(/'/g, "'\\''")}'`);
    out.push(text);
  }
  return out;
}

function expectMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, { shortWithValue: "cfD" });
  const scripts = optionValues(read, "c").map((o) => o.value ?? "");
  if (scripts.length === 0 && read.operands.length === 0) {
    const input = stdinText(cmd.source);
    if (input !== null) scripts.push(input);
  }
  return worstMatch(scripts.flatMap(tclCommands).map((text) => ctx.analyseText(text)));
}

const GIT_COMMAND_KEY =
  /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|askpass|gitproxy)|alias\..+|sequence\.editor|diff\.external|.+\.textconv|filter\..+\.(?:clean|smudge|process)|credential\.helper|gpg\.program|uploadpack\.packobjectshook|pager\..+)$/i;

const GIT_GLOBAL: OptionTable = {
  posix: true,
  shortWithValue: "Cc",
  longWithValue: [
    "git-dir",
    "work-tree",
    "namespace",
    "exec-path",
    "config-env",
    "super-prefix",
    "list-cmds",
  ],
  long: [
    "paginate",
    "no-pager",
    "bare",
    "no-replace-objects",
    "literal-pathspecs",
    "glob-pathspecs",
    "noglob-pathspecs",
    "icase-pathspecs",
    "no-optional-locks",
    "help",
    "version",
    "html-path",
    "man-path",
    "info-path",
  ],
};

/** `ext::CMD ARGS` remote URLs: git runs the command (`% ` is a space inside an argument). */
function extRemoteMatch(words: readonly Word[], cmd: ResolvedCommand, ctx: RuleContext): Match {
  return worstMatch(
    words.map((word) => {
      if (!word.text.startsWith("ext::")) return null;
      if (word.dynamic) return line(word.text.slice(5), word, ctx);
      const args = word.text
        .slice(5)
        .split(/(?<!%) +/)
        .filter((arg) => arg !== "")
        .map((arg) => staticWord(arg.replace(/%(.)/g, "$1")));
      return argv(args, cmd, ctx);
    }),
  );
}

function gitMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const global = readOptions(cmd.args, GIT_GLOBAL);
  const sub = global.operands[0]?.text ?? "";
  const rest = global.operands.slice(1);
  return worstMatch([extRemoteMatch(rest, cmd, ctx), gitSubcommandMatch(sub, rest, cmd, ctx)]);
}

function gitSubcommandMatch(
  sub: string,
  rest: readonly Word[],
  cmd: ResolvedCommand,
  ctx: RuleContext,
): Match {
  switch (sub) {
    case "difftool":
    case "mergetool":
      return optionPayloads(
        { ...cmd, args: rest },
        { shortWithValue: "xtX", longWithValue: ["extcmd", "tool", "rotate-to", "skip-to"] },
        ["x", "extcmd"],
        ctx,
      );
    case "grep":
      // `-O<pager>` / `--open-files-in-pager=<pager>`: the value is attached, never the next word.
      return worstMatch(
        rest.map((word) => {
          const pager = /^(?:-O|--open-files-in-pager=)([\s\S]+)$/.exec(word.text)?.[1];
          return pager === undefined ? null : line(pager, word, ctx);
        }),
      );
    case "clone": {
      // `git clone -c core.sshCommand=CMD`: the setting lands in the new repository.
      const read = readOptions(rest, {
        shortWithValue: "ubocj",
        longWithValue: [
          "config",
          "upload-pack",
          "origin",
          "branch",
          "depth",
          "reference",
          "separate-git-dir",
          "template",
          "jobs",
          "filter",
          "server-option",
          "shallow-since",
          "shallow-exclude",
          "bundle-uri",
          "ref-format",
        ],
      });
      const settings = optionValues(read, "c", "config").map((o) => {
        const value = o.value ?? "";
        const eq = value.indexOf("=");
        return eq > 0 && GIT_COMMAND_KEY.test(value.slice(0, eq))
          ? line(value.slice(eq + 1).replace(/^!/, ""), o.valueWord, ctx)
          : null;
      });
      const uploads = optionValues(read, "u", "upload-pack").map((o) =>
        line(o.value ?? "", o.valueWord, ctx),
      );
      return worstMatch([...settings, ...uploads]);
    }
    case "fetch":
    case "pull":
    case "ls-remote":
    case "archive":
    case "push":
    case "send-pack":
    case "fetch-pack":
      return optionPayloads(
        { ...cmd, args: rest },
        {
          shortWithValue: "o",
          longWithValue: [
            "upload-pack",
            "receive-pack",
            "exec",
            "origin",
            "branch",
            "depth",
            "reference",
            "separate-git-dir",
            "config",
            "template",
            "remote",
            "output",
            "prefix",
            "format",
            "server-option",
            "filter",
            "jobs",
            "shallow-since",
            "shallow-exclude",
            "recurse-submodules",
            "push-option",
            "repo",
            "signed",
            "force-with-lease",
          ],
        },
        ["upload-pack", "receive-pack", "exec"],
        ctx,
      );
    case "rebase":
      return optionPayloads(
        { ...cmd, args: rest },
        {
          shortWithValue: "xsXCS",
          longWithValue: ["exec", "onto", "strategy", "strategy-option", "whitespace", "gpg-sign"],
        },
        ["x", "exec"],
        ctx,
      );
    case "submodule": {
      const at = rest.findIndex((word) => word.text === "foreach");
      if (at < 0) return null;
      const body = rest
        .slice(at + 1)
        .filter((word) => !/^--(?:recursive|quiet)$|^-q$/.test(word.text));
      return body.length === 0
        ? null
        : line(body.map((w) => w.text).join(" "), body[0] ?? null, ctx);
    }
    case "bisect":
      return rest[0]?.text === "run" ? argv(rest.slice(1), cmd, ctx) : null;
    default:
      return null;
  }
}

const SED_OPTIONS: OptionTable = {
  shortWithValue: "efls",
  longWithValue: ["expression", "file", "line-length", "separator"],
  long: [
    "quiet",
    "silent",
    "debug",
    "follow-symlinks",
    "in-place",
    "null-data",
    "zero-terminated",
    "regexp-extended",
    "posix",
    "sandbox",
    "unbuffered",
    "binary",
    "help",
    "version",
  ],
};

function sedMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, SED_OPTIONS);
  if (hasOption(read, "sandbox")) return null;
  const scripts = optionValues(read, "e", "expression");
  const texts =
    scripts.length > 0
      ? scripts.map((o) => ({ text: o.value ?? "", word: o.valueWord }))
      : read.operands.slice(0, 1).map((w) => ({ text: w.text, word: w as Word | null }));
  const found: Match[] = [];
  for (const { text, word } of texts) {
    for (const command of sedScriptCommands(text)) found.push(line(command, word, ctx));
  }
  return worstMatch(found);
}

/** `strace -o '!CMD'` / `-o '|CMD'`: the trace is piped into a shell command. */
function straceMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  return worstMatch(
    cmd.args.map((word, i) => {
      const previous = cmd.args[i - 1]?.text;
      const value =
        previous === "-o" || previous === "--output"
          ? word.text
          : /^(?:-o|--output=)([\s\S]*)$/.exec(word.text)?.[1];
      return value !== undefined && /^[!|]/.test(value) ? line(value.slice(1), word, ctx) : null;
    }),
  );
}

/** `ed` script lines starting with `!` run shell commands. */
function edMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const script = stdinText(cmd.source);
  if (script === null) return null;
  return worstMatch([
    ...script
      .split("\n")
      .map((text) => /^\s*(?:[\d,.$;]*(?:r|w|e|E)?\s*)?!(.+)$/.exec(text)?.[1])
      .map((command) => (command === undefined ? null : ctx.analyseText(command))),
    edWriteMatch(cmd),
  ]);
}

/** `npm pkg set scripts.x=CMD`, `npm set-script x CMD`: the script runs on a later install or run. */
function packageScriptMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const words = cmd.args.filter((word) => !word.text.startsWith("-"));
  const texts = words.map((word) => word.text);
  if (texts[0] === "pkg" && texts[1] === "set")
    return worstMatch(
      words.slice(2).map((word) => {
        const match = /^scripts\.[^=]+=([\s\S]*)$/.exec(word.text);
        return match ? line(match[1] ?? "", word, ctx) : null;
      }),
    );
  if (texts[0] === "set-script" && words[2] !== undefined)
    return line(words[2].text, words[2], ctx);
  return null;
}

function npxMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const args =
    cmd.name === "npm"
      ? cmd.args.slice(cmd.args.findIndex((w) => w.text === "exec" || w.text === "x") + 1)
      : cmd.args;
  if (cmd.name === "npm" && cmd.args[0]?.text === "explore") {
    // `npm explore PKG -- CMD`: CMD runs in a shell inside the package's directory.
    const at = cmd.args.findIndex((w) => w.text === "--");
    const body = at < 0 ? [] : cmd.args.slice(at + 1);
    if (body.length === 0) return null;
    // Whether npm quotes the words again is not ours to guess: judge both readings.
    return worstMatch([
      line(body.map((w) => w.text).join(" "), body[0] ?? null, ctx),
      argv(body, cmd, ctx),
    ]);
  }
  if (cmd.name === "npm" && !cmd.args.some((w) => w.text === "exec" || w.text === "x"))
    return packageScriptMatch(cmd, ctx);
  return optionPayloads(
    { ...cmd, args },
    { shortWithValue: "pc", longWithValue: ["package", "call"] },
    ["c", "call"],
    ctx,
  );
}

/** psql/mysql `\!`, sqlite3 `.shell`/`.system`, `COPY ... PROGRAM`: shell escapes of SQL clients. */
function clientMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const texts = cmd.args.map((word) => word.text.replace(/^--[\w-]+=/, ""));
  const input = stdinText(cmd.source);
  if (input !== null) texts.push(input);
  return worstMatch(clientShellEscapes(cmd.name, texts).map((text) => ctx.analyseText(text)));
}

/** `docker run IMAGE CMD` / `docker exec CTR CMD`: the command runs with the mounts given. */
function dockerMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const global = readOptions(cmd.args, {
    posix: true,
    shortWithValue: "Hcl",
    longWithValue: ["host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey"],
  });
  let rest = global.operands;
  if (rest[0]?.text === "container") rest = rest.slice(1);
  const sub = rest[0]?.text ?? "";
  if (sub !== "run" && sub !== "exec" && sub !== "create") return null;
  const read = readOptions(rest.slice(1), DOCKER_RUN_OPTIONS);
  const inner = read.operands.slice(1);
  const words = hostViewOfContainerWords(read, inner, sub !== "exec");
  const entry = optionValues(read, "entrypoint")[0];
  if (entry !== undefined) words.unshift(staticWord(entry.value ?? ""));
  return argv(words, cmd, ctx);
}

/** `pssh -h hosts CMD`, `ansible HOSTS -m shell -a CMD`, `salt '*' cmd.run CMD`: remote command lines. */
function remoteMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  if (cmd.name === "ansible") {
    const read = readOptions(cmd.args, ANSIBLE_OPTIONS);
    const module = optionValues(read, "m", "module-name")[0]?.value ?? "command";
    if (!/^(?:(?:ansible\.builtin\.)?(?:command|shell|raw|script))$/.test(module)) return null;
    return worstMatch(
      optionValues(read, "a", "args").map((o) => line(o.value ?? "", o.valueWord, ctx)),
    );
  }
  if (cmd.name === "salt" || cmd.name === "salt-ssh") {
    const at = cmd.args.findIndex((word) =>
      /^cmd\.(?:run|shell|script|exec_code)\w*$/.test(word.text),
    );
    return at < 0
      ? null
      : line(
          cmd.args
            .slice(at + 1)
            .map((w) => w.text)
            .join(" "),
          cmd.args[at + 1] ?? null,
          ctx,
        );
  }
  const read = readOptions(cmd.args, {
    shortWithValue: "hHlpoetxXOP",
    longWithValue: [
      "hosts",
      "host",
      "user",
      "par",
      "outdir",
      "errdir",
      "timeout",
      "extra-args",
      "option",
    ],
  });
  const text = read.operands.map((word) => word.text).join(" ");
  return text === "" ? null : line(text, read.operands[0] ?? null, ctx);
}

const BY_NAME: ReadonlyMap<string, (cmd: ResolvedCommand, ctx: RuleContext) => Match> = new Map([
  [
    "script",
    (cmd: ResolvedCommand, ctx: RuleContext) =>
      optionPayloads(cmd, SCRIPT_OPTIONS, ["c", "command"], ctx),
  ],
  ["tmux", tmuxMatch],
  ["screen", screenMatch],
  ["expect", expectMatch],
  ["git", gitMatch],
  ["sed", sedMatch],
  ["gsed", sedMatch],
  ["make", makeMatch],
  ["gmake", makeMatch],
  ["npx", npxMatch],
  ["npm", npxMatch],
  ["strace", straceMatch],
  ["ltrace", straceMatch],
  ["ed", edMatch],
  ["red", edMatch],
  ["pnpm", packageScriptMatch],
  ["psql", clientMatch],
  ["mysql", clientMatch],
  ["mariadb", clientMatch],
  ["sqlite3", clientMatch],
  ["duckdb", clientMatch],
  ["docker", dockerMatch],
  ["podman", dockerMatch],
  ["nerdctl", dockerMatch],
  ["pssh", remoteMatch],
  ["parallel-ssh", remoteMatch],
  ["pdsh", remoteMatch],
  ["clush", remoteMatch],
  ["ansible", remoteMatch],
  ["salt", remoteMatch],
  ["salt-ssh", remoteMatch],
]);

/** Tools that run a command line given in an option, subcommand or script. */
export const toolExecRules: CommandRule = (cmd, ctx) => BY_NAME.get(cmd.name)?.(cmd, ctx) ?? null;
