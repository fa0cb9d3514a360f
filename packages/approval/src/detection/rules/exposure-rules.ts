// Data exposed in bulk: static file servers serving the home directory, the root or a system
// directory (`python3 -m http.server --directory ~`, `php -S 0.0.0.0:80 -t /`, `busybox httpd
// -h /`, `npx http-server ~`, or any of them started after `cd ~`), and a repository pushed
// whole (`--all`, `--mirror`, every ref) to a URL or to a remote added in the same command line.
import {
  commandBaseName,
  readOptions,
  type ResolvedCommand,
  type Script,
  type SimpleCommand,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { homeFolded } from "../session-paths.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { OPERATION_RULES } from "./operations-rules.js";

type Match = DangerousCommandMatch | null;

/** Rules about data pushed out in bulk. */
export const EXPOSURE_RULES: Readonly<Record<"repoPush", RuleInfo>> = {
  repoPush: rule(
    "repo-push-unknown-remote",
    "whole repository pushed to a URL or a remote added in the same command",
  ),
} as const;

/** Directories whose contents must not be served: home, root and system directories. */
function sensitiveRoot(text: string): boolean {
  const path = homeFolded(text).replace(/\/+$/, "") || "/";
  return (
    /^(?:~|\/|\/root|\/home|\/Users|\/etc|\/var|\/usr|\/proc|~\/\.[^/]+)$/.test(path) ||
    path === "$HOME"
  );
}

function served(directory: string | null, ctx: RuleContext): Match {
  const root = directory ?? ctx.cwd;
  return root !== null && sensitiveRoot(root) ? matchOf(OPERATION_RULES.tunnel) : null;
}

function fileServer(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const texts = cmd.args.map((word) => word.text);
  if (/^python\d*(?:\.\d+)?$/.test(cmd.name)) {
    const at = texts.findIndex(
      (text, i) => texts[i - 1] === "-m" && /^(?:http\.server|SimpleHTTPServer)$/.test(text),
    );
    if (at < 0) return null;
    const read = readOptions(cmd.args.slice(at + 1), {
      shortWithValue: "db",
      longWithValue: ["directory", "bind", "protocol"],
    });
    return served(
      read.options.find((o) => o.name === "d" || o.name === "directory")?.value ?? null,
      ctx,
    );
  }
  if (cmd.name === "php") {
    if (!texts.includes("-S")) return null;
    const root = texts[texts.indexOf("-t") + 1];
    return served(texts.includes("-t") ? (root ?? null) : null, ctx);
  }
  if (cmd.name === "busybox" && texts[0] === "httpd") {
    const at = texts.indexOf("-h");
    return served(at < 0 ? null : (texts[at + 1] ?? null), ctx);
  }
  if (/^(?:http-server|serve|live-server)$/.test(cmd.name)) {
    const read = readOptions(cmd.args, {
      shortWithValue: "pal",
      longWithValue: ["port", "address", "listen"],
    });
    return served(read.operands[0]?.text ?? null, ctx);
  }
  if (cmd.name === "ruby" && texts.join(" ").includes("-run -e httpd")) {
    const read = readOptions(cmd.args.slice(texts.indexOf("httpd") + 1), {
      shortWithValue: "pb",
      longWithValue: ["port", "bind-address"],
    });
    return served(read.operands[0]?.text ?? null, ctx);
  }
  return null;
}

/** File-server rules for one layer. */
export const exposureRules: CommandRule = (cmd, ctx) => fileServer(cmd, ctx);

const REMOTE_URL = /^(?:[a-z][\w+.-]*:\/\/|[\w.-]+@[\w.-]+:|[\w-]+(?:\.[\w-]+)+:(?!\d))/i;

function gitWords(cmd: SimpleCommand): string[] | null {
  if (commandBaseName(cmd.words[0]?.text ?? "") !== "git") return null;
  const read = readOptions(cmd.words.slice(1), {
    posix: true,
    shortWithValue: "Cc",
    longWithValue: ["git-dir", "work-tree", "namespace", "exec-path", "config-env"],
  });
  return read.operands.map((word) => word.text);
}

/** `git remote add x URL && git push x --all`, `git push URL --mirror`: the repository leaves. */
export function pushToNewRemoteMatch(script: Script): DangerousCommandMatch | null {
  const added = new Set<string>();
  for (const cmd of script.commands) {
    const words = gitWords(cmd);
    if (words === null) continue;
    // `remote add x URL`, `remote set-url [--push] origin URL`: the name now means that URL.
    if (words[0] === "remote" && (words[1] === "add" || words[1] === "set-url")) {
      const [name] = words.slice(2).filter((word) => !word.startsWith("-"));
      if (name !== undefined) added.add(name);
      continue;
    }
    // `git config remote.origin.url URL`, `git config remote.origin.pushurl URL`.
    if (words[0] === "config") {
      const key = words.slice(1).find((word) => !word.startsWith("-")) ?? "";
      const remote = /^remote\.(.+)\.(?:url|pushurl)$/i.exec(key)?.[1];
      if (remote !== undefined) added.add(remote);
      continue;
    }
    if (words[0] !== "push") continue;
    const rest = words.slice(1);
    const every = rest.some(
      (word) =>
        /^(?:--all|--mirror|--tags|--branches)$/.test(word) || /^\+?(?:refs\/\*|\*):/.test(word),
    );
    // With no remote named, git pushes to the branch's remote: `origin` unless configured.
    const target = rest.find((word) => !word.startsWith("-")) ?? "origin";
    if (every && (added.has(target) || REMOTE_URL.test(target)))
      return matchOf(EXPOSURE_RULES.repoPush);
  }
  return null;
}
