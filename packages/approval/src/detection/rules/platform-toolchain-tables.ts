// Verb tables of the Apple (swift, xcrun, CocoaPods), OCaml, Nix and Homebrew toolchains, read
// with the rules of toolchain-state-tables.ts: public uploads, registries and caches, store
// garbage collection and profile removals, flakes and channels from outside nixpkgs, signature
// checks turned off, third-party taps.
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PUBLISH_RULES } from "./publish-tables.js";
import { TOOL_CONFIG_RULES } from "./tool-config-tables.js";
import { TOOLCHAIN_STATE_RULES, unreviewedSource as unreviewed } from "./toolchain-state-tables.js";
import type { CliTable } from "./cli-verb-tables.js";
import { hasFlag, hasOperand, optionValue, tableOf as table } from "./verb-conditions.js";

const { stateRemoved, credentialStored, globalChange } = TOOLCHAIN_STATE_RULES;
const untrusted = OPS_CLI_RULES.untrustedPackage;
const weakened = TOOL_CONFIG_RULES.weakened;
const { publish, exposure } = PUBLISH_RULES;

const PLAIN_HTTP = /^http:\/\//i;
const ANY_URL = /^(?:https?|ftp):\/\//i;
// Registries and feeds each tool trusts by default, and their official mirrors.
const DEFAULT_FEED =
  /^https:\/\/(?:api\.nuget\.org|www\.nuget\.org|repo\.hex\.pm|hex\.pm|rubygems\.org|index\.crates\.io|crates\.io|opam\.ocaml\.org|cache\.nixos\.org|nixos\.org|channels\.nixos\.org|flathub\.org|dl\.flathub\.org|services\.gradle\.org|cdn\.cocoapods\.org|github\.com\/(?:CocoaPods|ocaml|NixOS|Homebrew)\/)/i;
const foreignFeed = (text: string): boolean => ANY_URL.test(text) && !DEFAULT_FEED.test(text);

const SWIFT = table(
  [
    { verbs: /^package-registry publish\b/, rule: publish },
    { verbs: /^package-registry set\b/, when: hasOperand(foreignFeed, 2), rule: weakened },
    {
      verbs: /^package-registry login\b/,
      when: hasFlag("token", "password"),
      rule: credentialStored,
    },
  ],
  { longWithValue: ["scope", "token", "password", "username", "package-path", "scratch-path"] },
);

const XCRUN = table(
  [
    { verbs: /^altool\b/, when: hasFlag("upload-app", "upload-package"), rule: publish },
    { verbs: /^simctl (?:erase|delete) all\b/, rule: stateRemoved },
  ],
  {
    shortWithValue: "fupt",
    longWithValue: [
      "file",
      "username",
      "password",
      "type",
      "apiKey",
      "apiIssuer",
      "sdk",
      "toolchain",
    ],
  },
);

const POD = table([
  { verbs: /^trunk (?:delete|deprecate|add-owner|remove-owner)\b/, rule: exposure },
  {
    verbs: /^repo add\b/,
    when: hasOperand((t) => PLAIN_HTTP.test(t) || unreviewed(t), 3),
    rule: untrusted,
  },
]);

const OPAM = table(
  [
    {
      verbs: /^(?:repo|repository) (?:add|set-url)\b/,
      when: hasOperand((t) => foreignFeed(t) || unreviewed(t), 3),
      rule: untrusted,
    },
    { verbs: /^pin(?: add)?\b/, when: hasOperand(unreviewed, 1), rule: untrusted },
    { verbs: /^switch (?:remove|rm)\b/, rule: stateRemoved },
  ],
  { shortWithValue: "k", longWithValue: ["kind", "rank", "set-default"] },
);

// Flake references to code outside nixpkgs and the project.
const FOREIGN_FLAKE =
  /^(?:(?:github|gitlab|sourcehut):(?!NixOS\/|nix-community\/)|git\+|(?:tarball\+)?https?:\/\/|path:\/(?:tmp|var\/tmp)\/)/i;
// Settings that accept unsigned or foreign store paths, or build outside the sandbox.
const NIX_INSECURE_SETTING =
  /--option (?:require-sigs|sandbox) false\b|--option (?:extra-)?(?:trusted-)?substituters (?!https:\/\/cache\.nixos\.org)\S|--option (?:extra-)?trusted-public-keys\b|--(?:no-require-sigs|no-sandbox|no-check-sigs)\b/;
const NIX = table(
  [
    {
      verbs: /^(?:run|shell|profile (?:install|add)|develop|build)\b/,
      when: hasOperand((t) => FOREIGN_FLAKE.test(t)),
      rule: untrusted,
    },
    { verbs: /^profile (?:remove|wipe-history)\b/, rule: stateRemoved },
    { verbs: /^store delete\b/, rule: stateRemoved },
    {
      verbs: /^registry (?:add|pin)\b/,
      when: hasOperand((t) => FOREIGN_FLAKE.test(t), 2),
      rule: weakened,
    },
    {
      verbs: /^copy\b/,
      when: optionValue(["to"], (v) => v !== "" && !/^(?:file:\/\/)?\.?\//.test(v)),
      rule: publish,
    },
    { verbs: /^/, when: ({ joined }) => NIX_INSECURE_SETTING.test(joined), rule: weakened },
  ],
  {
    longWithValue: [
      "to",
      "from",
      "option",
      "profile",
      "file",
      "expr",
      "override-input",
      "inputs-from",
    ],
  },
);

// The pre-flakes commands: profile edits, expressions fetched from a URL.
const NIX_LEGACY = table(
  [
    { verbs: /^/, when: hasFlag("e", "uninstall", "delete-generations"), rule: stateRemoved },
    { verbs: /^/, when: optionValue(["f", "file"], (v) => ANY_URL.test(v)), rule: untrusted },
    { verbs: /^/, when: hasOperand((t) => ANY_URL.test(t), 0), rule: untrusted },
    { verbs: /^/, when: ({ joined }) => NIX_INSECURE_SETTING.test(joined), rule: weakened },
  ],
  {
    shortWithValue: "fpAIE",
    long: ["e", "uninstall", "delete-generations"],
    longWithValue: ["file", "profile", "attr", "option", "arg", "argstr"],
  },
);

const NIX_CHANNEL = table(
  [
    { verbs: /^/, when: hasFlag("remove"), rule: stateRemoved },
    {
      verbs: /^/,
      when: optionValue(["add"], (v) => foreignFeed(v) || PLAIN_HTTP.test(v)),
      rule: untrusted,
    },
  ],
  { longWithValue: ["add", "remove"] },
);

const NIX_GC = table(
  [
    {
      verbs: /^/,
      when: hasFlag("d", "delete-old", "delete-older-than", "delete"),
      rule: stateRemoved,
    },
  ],
  { long: ["d", "delete-old", "gc", "delete"], longWithValue: ["delete-older-than", "max-freed"] },
);

const OFFICIAL_TAP = /^(?:homebrew|Homebrew)\//;
const BREW = table(
  [
    {
      verbs: /^tap\b/,
      when: hasOperand((t) => !OFFICIAL_TAP.test(t) && !t.startsWith("-")),
      rule: untrusted,
    },
    {
      verbs: /^(?:install|reinstall|upgrade)\b/,
      when: hasOperand((t) => /^[\w-]+\/[\w-]+\/[\w@.+-]+$/.test(t) && !OFFICIAL_TAP.test(t)),
      rule: untrusted,
    },
    { verbs: /^(?:install|reinstall)\b/, when: hasFlag("no-quarantine"), rule: weakened },
    { verbs: /^untap\b/, rule: stateRemoved },
    { verbs: /^link\b/, when: hasFlag("overwrite"), rule: globalChange },
  ],
  { longWithValue: ["prune", "appdir"] },
);

/** Tables by command name. */
export const PLATFORM_TOOLCHAIN_TABLES: ReadonlyMap<string, CliTable> = new Map<string, CliTable>([
  ["swift", SWIFT],
  ["xcrun", XCRUN],
  ["pod", POD],
  ["opam", OPAM],
  ["nix", NIX],
  ["nix-env", NIX_LEGACY],
  ["nix-build", NIX_LEGACY],
  ["nix-shell", NIX_LEGACY],
  ["nix-channel", NIX_CHANNEL],
  ["nix-collect-garbage", NIX_GC],
  ["nix-store", NIX_GC],
  ["brew", BREW],
]);
