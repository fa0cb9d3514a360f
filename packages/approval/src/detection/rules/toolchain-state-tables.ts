// Verb tables of language toolchains and their managers, read for what reaches beyond the
// project: the tool's state shared by every project removed (installed toolchains and
// environments, global packages, the manager itself; download caches refill and stay
// allowed), credentials stored in the tool's configuration or printed from it, plugins and
// settings that change the tool for every later project, and code taken from somewhere nobody
// reviewed (a URL, a git repository, a temp directory, a foreign registry). The everyday
// commands of the same tools (install from the lockfile, build, test, a project-local
// setting) match no entry.
import type { OptionTable } from "@hermes-agent/shell";
import { rule, type RuleInfo } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { EXEC_RULES } from "./exec-rules.js";
import { TOOL_CONFIG_RULES } from "./tool-config-tables.js";
import { GLOBAL_TOOLCHAIN_RULES } from "./global-toolchain-rules.js";
import type { CliTable, VerbInput } from "./cli-verb-tables.js";
import { hasFlag, hasOperand, optionValue, tableOf as table } from "./verb-conditions.js";

/** Rules about toolchain state beyond the project. */
export const TOOLCHAIN_STATE_RULES: Readonly<
  Record<"stateRemoved" | "credentialStored" | "globalChange", RuleInfo>
> = {
  stateRemoved: rule(
    "tool-global-state-removed",
    "a tool's state outside the project removed (installed toolchains or environments, global packages, store generations, the tool itself)",
  ),
  credentialStored: rule(
    "tool-credential-stored",
    "registry or code-host credential written into a tool's configuration (it sits in a file every later tool and process can read)",
  ),
  globalChange: rule(
    "tool-global-change",
    "tool changed for every later shell or project (plugins installed into it, shell startup files or global defaults rewritten)",
  ),
} as const;

const { stateRemoved, credentialStored, globalChange } = TOOLCHAIN_STATE_RULES;
const untrusted = OPS_CLI_RULES.untrustedPackage;
const weakened = TOOL_CONFIG_RULES.weakened;
const printed = EXEC_RULES.credentialRead;

/** A location nobody reviewed code from: a URL, a git repository or a temp/download directory. */
export const UNREVIEWED_SOURCE: RegExp =
  /^(?:[\w.-]+(?:\[[\w,-]+\])?\s*@\s*(?=git\+|https?:|file:)|)(?:git\+|(?:https?|ftp|git|ssh|file):\/\/|git@|(?:github|gitlab|sourcehut|bitbucket|gist|tarball\+https?|path):|file:(?:\/|~)|(?:\/(?:private\/)?(?:tmp|var\/tmp|dev\/shm)\/|~\/Downloads\/|\$TMPDIR\/))/i;
/** True when a word names a location nobody reviewed code from. */
export function unreviewedSource(text: string): boolean {
  return UNREVIEWED_SOURCE.test(text);
}
/** Same, for a value that may name the location anywhere inside it (`--pip-args='-i http://x'`). */
const UNREVIEWED_ANYWHERE = /(?:^|[\s='"])(?:git\+|(?:https?|git|ssh):\/\/|git@)/i;
const PLAIN_HTTP = /^http:\/\//i;
/** Key names that hold a credential in a tool's settings. */
const SECRET_KEY =
  /_auth\b|(?:^|[.:])auth$|auth(?:token|ident)|password|passwd|token|api[-_]?key|secret|oauth|bearer|http-basic|credential|^\/\/.+:_/i;

/** `config set KEY VALUE` / `config KEY VALUE` / `set KEY=VALUE` where KEY holds a secret. */
const setsSecret =
  (at: number) =>
  ({ ops }: VerbInput): boolean =>
    SECRET_KEY.test((ops[at] ?? "").split("=")[0] ?? "") &&
    ((ops[at] ?? "").includes("=") || ops.length > at + 1);
const readsSecret =
  (at: number) =>
  ({ ops }: VerbInput): boolean =>
    SECRET_KEY.test(ops[at] ?? "");

const NODE_OPTIONS: OptionTable = {
  shortWithValue: "wC",
  longWithValue: [
    "registry",
    "prefix",
    "cache",
    "userconfig",
    "workspace",
    "cwd",
    "dir",
    "location",
  ],
};

const NPM = table(
  [
    { verbs: /^token (?:list|ls|create|revoke|rm)\b/, rule: printed },
    { verbs: /^(?:(?:config|c) )?(?:set|add)\b/, when: setsSecret(1), rule: credentialStored },
    { verbs: /^(?:config|c) (?:set|add)\b/, when: setsSecret(2), rule: credentialStored },
    { verbs: /^(?:(?:config|c) )?get\b/, when: readsSecret(1), rule: printed },
    { verbs: /^(?:config|c) get\b/, when: readsSecret(2), rule: printed },
    {
      verbs: /^(?:install|i|in|add|isntall|link)\b/,
      when: hasOperand(UNREVIEWED_SOURCE),
      rule: untrusted,
    },
  ],
  NODE_OPTIONS,
);

const YARN = table(
  [
    { verbs: /^config (?:set|unset)\b/, when: setsSecret(2), rule: credentialStored },
    { verbs: /^(?:config|c) get\b/, when: readsSecret(2), rule: printed },
    { verbs: /^set version\b/, when: hasOperand(UNREVIEWED_SOURCE, 2), rule: untrusted },
    { verbs: /^set version from sources\b/, rule: untrusted },
    { verbs: /^policies set-version\b/, when: hasOperand(UNREVIEWED_SOURCE, 2), rule: untrusted },
    { verbs: /^plugin import\b/, when: hasOperand(UNREVIEWED_SOURCE, 2), rule: untrusted },
  ],
  { ...NODE_OPTIONS, longWithValue: ["repository", "branch", "cwd"] },
);

const PNPM = table(
  [...NPM.entries, { verbs: /^env (?:remove|rm)\b/, rule: stateRemoved }],
  NODE_OPTIONS,
);

// `deno install -g`: a program with the permissions it was granted on every later PATH.
const DENO = table(
  [
    {
      verbs: /^install\b/,
      when: hasFlag("g", "global"),
      rule: GLOBAL_TOOLCHAIN_RULES.globalInstall,
    },
    { verbs: /^uninstall\b/, when: hasFlag("g", "global"), rule: stateRemoved },
  ],
  {
    shortWithValue: "nrcL",
    longWithValue: ["name", "root", "config", "import-map", "location", "log-level"],
  },
);

// Node, Python, Ruby, Java and other version managers: removing an installed toolchain.
const versionManager = (verbs: RegExp, options: OptionTable = {}): CliTable =>
  table([{ verbs, rule: stateRemoved }], options);

const PIP = table(
  [
    { verbs: /^install\b/, when: hasOperand(UNREVIEWED_SOURCE), rule: untrusted },
    {
      verbs: /^install\b/,
      when: optionValue(["e", "editable"], UNREVIEWED_SOURCE),
      rule: untrusted,
    },
  ],
  {
    shortWithValue: "rceitfb",
    longWithValue: [
      "requirement",
      "constraint",
      "editable",
      "index-url",
      "extra-index-url",
      "find-links",
      "target",
      "prefix",
      "root",
      "python",
      "trusted-host",
      "src",
    ],
  },
);

const PIPX = table(
  [
    { verbs: /^(?:uninstall-all|uninstall)\b/, rule: stateRemoved },
    { verbs: /^reinstall-all\b/, rule: globalChange },
    { verbs: /^ensurepath\b/, rule: globalChange },
    { verbs: /^inject\b/, when: hasOperand(UNREVIEWED_SOURCE, 2), rule: untrusted },
    {
      verbs: /^(?:install|inject|run|upgrade)\b/,
      when: optionValue(["pip-args", "index-url"], UNREVIEWED_ANYWHERE),
      rule: untrusted,
    },
  ],
  { longWithValue: ["pip-args", "index-url", "python", "spec", "suffix"], long: ["force"] },
);

const UV = table(
  [
    { verbs: /^python uninstall\b/, rule: stateRemoved },
    { verbs: /^tool uninstall\b/, rule: stateRemoved },
    {
      verbs: /^pip install\b/,
      when: hasFlag("system", "break-system-packages"),
      rule: OPS_CLI_RULES.systemInstall,
    },
    { verbs: /^(?:add|pip install)\b/, when: hasOperand(UNREVIEWED_SOURCE), rule: untrusted },
  ],
  {
    shortWithValue: "rcpw",
    longWithValue: [
      "python",
      "index",
      "index-url",
      "default-index",
      "extra-index-url",
      "group",
      "package",
      "directory",
      "project",
    ],
  },
);

const POETRY = table(
  [
    { verbs: /^config\b/, when: setsSecret(1), rule: credentialStored },
    { verbs: /^add\b/, when: hasOperand(UNREVIEWED_SOURCE), rule: untrusted },
    { verbs: /^self (?:add|install|update)\b/, rule: globalChange },
  ],
  { shortWithValue: "GCE", longWithValue: ["group", "source", "extras", "directory", "project"] },
);

const PDM = table(
  [
    { verbs: /^config\b/, when: setsSecret(1), rule: credentialStored },
    {
      verbs: /^config\b/,
      when: ({ ops }) => /\.url$/.test(ops[1] ?? "") && PLAIN_HTTP.test(ops[2] ?? ""),
      rule: weakened,
    },
    { verbs: /^add\b/, when: hasOperand(UNREVIEWED_SOURCE), rule: untrusted },
    { verbs: /^self (?:add|update)\b/, rule: globalChange },
  ],
  { shortWithValue: "Gpg", longWithValue: ["group", "project"] },
);

const HATCH = table([{ verbs: /^config set\b/, when: setsSecret(2), rule: credentialStored }]);

const CONDA_OPTIONS: OptionTable = {
  shortWithValue: "cnp",
  longWithValue: ["channel", "name", "prefix", "file", "override-channels"],
};
const CONDA = table(
  [
    { verbs: /^(?:env )?(?:remove|uninstall)\b/, when: hasFlag("all"), rule: stateRemoved },
    { verbs: /^env remove\b/, rule: stateRemoved },
    { verbs: /^(?:remove|uninstall)\b/, when: hasFlag("force"), rule: stateRemoved },
    { verbs: /^init\b/, rule: globalChange },
    {
      verbs: /^(?:install|create|update)\b/,
      when: optionValue(["c", "channel"], /^=?(?:https?|file):\/\//i),
      rule: untrusted,
    },
  ],
  CONDA_OPTIONS,
);

/** Tables by command name (the npm family, Python managers, version managers). */
export const TOOLCHAIN_STATE_TABLES: ReadonlyMap<string, CliTable> = new Map<string, CliTable>([
  ["npm", NPM],
  ["pnpm", PNPM],
  ["yarn", YARN],
  ["deno", DENO],
  ["pip", PIP],
  ["pip3", PIP],
  ["pipx", PIPX],
  ["uv", UV],
  ["poetry", POETRY],
  ["pdm", PDM],
  ["hatch", HATCH],
  ["conda", CONDA],
  ["mamba", CONDA],
  ["micromamba", CONDA],
  ["nvm", versionManager(/^uninstall\b/)],
  ["fnm", versionManager(/^uninstall\b/)],
  ["volta", versionManager(/^uninstall\b/)],
  ["n", versionManager(/^(?:rm|-|uninstall|prune)\b/)],
  ["nodenv", versionManager(/^uninstall\b/)],
  ["pyenv", versionManager(/^uninstall\b/)],
  ["rbenv", versionManager(/^uninstall\b/)],
  ["goenv", versionManager(/^uninstall\b/)],
  ["jenv", versionManager(/^remove\b/)],
  ["sdk", versionManager(/^(?:uninstall|rm|flush)\b/)],
  ["asdf", versionManager(/^(?:uninstall|plugin(?:-| )(?:remove|rm))\b/)],
  ["ghcup", versionManager(/^(?:nuke|rm|remove|gc)\b/)],
  ["swiftly", versionManager(/^uninstall\b/)],
  ["juliaup", versionManager(/^(?:remove|rm|self uninstall)\b/)],
  ["elan", versionManager(/^(?:toolchain (?:uninstall|remove)|self uninstall)\b/)],
  [
    "rustup",
    table([
      {
        verbs: /^(?:toolchain (?:uninstall|remove)|uninstall|component (?:remove|rm))\b/,
        rule: stateRemoved,
      },
      { verbs: /^toolchain link\b/, when: hasOperand(UNREVIEWED_SOURCE, 3), rule: untrusted },
    ]),
  ],
]);
