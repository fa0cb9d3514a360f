// Verb tables of the Rust, Go, JVM, .NET, PHP, Ruby and Elixir toolchains, read with the rules
// of toolchain-state-tables.ts: state shared by every project removed, credentials stored or
// printed, the tool changed for every later project, code from an unreviewed source, checks
// turned off, and uploads to a public store.
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { EXEC_RULES } from "./exec-rules.js";
import { PUBLISH_RULES } from "./publish-tables.js";
import { TOOL_CONFIG_RULES } from "./tool-config-tables.js";
import { TOOLCHAIN_STATE_RULES, unreviewedSource as unreviewed } from "./toolchain-state-tables.js";
import type { CliTable, VerbInput } from "./cli-verb-tables.js";
import { hasFlag, hasOperand, optionValue, tableOf as table } from "./verb-conditions.js";

const { stateRemoved, credentialStored, globalChange } = TOOLCHAIN_STATE_RULES;
const untrusted = OPS_CLI_RULES.untrustedPackage;
const weakened = TOOL_CONFIG_RULES.weakened;
const printed = EXEC_RULES.credentialRead;
const { publish } = PUBLISH_RULES;

const PLAIN_HTTP = /^http:\/\//i;
const ANY_URL = /^(?:https?|ftp):\/\//i;
// Registries and feeds each tool trusts by default, and their official mirrors.
const DEFAULT_FEED =
  /^https:\/\/(?:api\.nuget\.org|www\.nuget\.org|repo\.hex\.pm|hex\.pm|rubygems\.org|index\.crates\.io|crates\.io|opam\.ocaml\.org|cache\.nixos\.org|nixos\.org|channels\.nixos\.org|flathub\.org|dl\.flathub\.org|services\.gradle\.org|cdn\.cocoapods\.org|github\.com\/(?:CocoaPods|ocaml|NixOS|Homebrew)\/)/i;
const foreignFeed = (text: string): boolean => ANY_URL.test(text) && !DEFAULT_FEED.test(text);

const CARGO = table(
  [
    // `cargo login TOKEN` / `cargo login < file`: the token is written to credentials.toml.
    { verbs: /^login \S/, rule: credentialStored },
    { verbs: /^install\b/, when: optionValue(["path"], unreviewed), rule: untrusted },
    {
      verbs: /^install\b/,
      when: optionValue(["registry"], (v) => v !== "crates-io"),
      rule: untrusted,
    },
    { verbs: /^add\b/, when: optionValue(["git", "path"], unreviewed), rule: untrusted },
  ],
  {
    shortWithValue: "jpF",
    longWithValue: [
      "git",
      "path",
      "registry",
      "index",
      "branch",
      "tag",
      "rev",
      "root",
      "version",
      "features",
      "package",
      "target",
    ],
  },
);

// Go's flags are single-dash long names (`-modcache`, `-insecure`).
const goFlag =
  (test: RegExp) =>
  ({ joined }: VerbInput): boolean =>
    joined.split(" ").some((word) => test.test(word));
const GO = table([
  { verbs: /^(?:get|install|mod download)\b/, when: goFlag(/^--?insecure$/), rule: weakened },
]);

// A publishing task named anywhere, with a project path or `;`-joined command prefix.
const JVM_PUBLISH =
  /(?:^|[\s;:])(?:publish(?!\w*(?:MavenLocal|ToMavenLocal|Local|LocalSigned|M2)\b)\w*|sonatypeBundleRelease|sonatypeRelease|releaseSonatypeStagingRepository|closeAndReleaseRepository)(?:$|[\s;])/;
const GRADLE = table(
  [
    { verbs: /^/, when: ({ ops }) => JVM_PUBLISH.test(ops.join(" ")), rule: publish },
    {
      verbs: /^/,
      when: optionValue(["I", "init-script"], (v) => unreviewed(v) || ANY_URL.test(v)),
      rule: untrusted,
    },
    {
      verbs: /^wrapper\b/,
      when: optionValue(
        ["gradle-distribution-url"],
        (v) => ANY_URL.test(v) && !DEFAULT_FEED.test(v),
      ),
      rule: untrusted,
    },
  ],
  {
    shortWithValue: "IpPDcxgb",
    longWithValue: [
      "init-script",
      "project-dir",
      "gradle-user-home",
      "exclude-task",
      "gradle-distribution-url",
      "gradle-version",
      "distribution-type",
      "console",
      "warning-mode",
      "include-build",
      "settings-file",
      "build-file",
      "max-workers",
    ],
  },
);

// Maven system properties that turn TLS checks off for every download.
const MAVEN_INSECURE =
  /^-D(?:maven\.wagon\.http\.ssl\.(?:insecure|allowall|ignore\.validity\.dates)|maven\.resolver\.transport\.https\.insecure|aether\.connector\.https\.securityMode)(?:=(?:true|insecure))?$/;
const MAVEN = table(
  [
    {
      verbs: /^/,
      when: ({ joined }) => joined.split(" ").some((w) => MAVEN_INSECURE.test(w)),
      rule: weakened,
    },
  ],
  {
    shortWithValue: "fsPlpbTeD",
    longWithValue: [
      "file",
      "settings",
      "global-settings",
      "activate-profiles",
      "projects",
      "define",
    ],
  },
);

const SBT = table([
  { verbs: /^/, when: ({ ops }) => JVM_PUBLISH.test(ops.join(" ")), rule: publish },
]);

const DOTNET = table(
  [
    {
      verbs: /^nuget (?:add|update) source\b/,
      when: hasFlag("password", "p"),
      rule: credentialStored,
    },
    { verbs: /^nuget (?:add|update) source\b/, when: hasOperand(foreignFeed, 3), rule: untrusted },
    {
      verbs: /^(?:tool (?:install|update|restore)|add|restore|new install)\b/,
      when: optionValue(["add-source", "source", "s", "nuget-source"], foreignFeed),
      rule: untrusted,
    },
    { verbs: /^new install\b/, when: hasOperand(unreviewed, 2), rule: untrusted },
    { verbs: /^dev-certs https\b/, when: hasFlag("trust", "t"), rule: weakened },
    { verbs: /^workload (?:uninstall|clean)\b/, rule: stateRemoved },
  ],
  {
    shortWithValue: "sunpvfac",
    longWithValue: [
      "source",
      "add-source",
      "nuget-source",
      "username",
      "password",
      "name",
      "version",
      "framework",
      "configfile",
      "arch",
      "verbosity",
      "tool-path",
      "valid-authentication-types",
    ],
  },
);

const NUGET = table(
  [
    { verbs: /^setapikey\b/, rule: credentialStored },
    {
      verbs: /^sources (?:add|update)\b/,
      when: hasFlag("Password", "password"),
      rule: credentialStored,
    },
    {
      verbs: /^sources (?:add|update)\b/,
      when: optionValue(["Source", "source"], foreignFeed),
      rule: untrusted,
    },
  ],
  {
    longWithValue: [
      "Source",
      "source",
      "Name",
      "name",
      "Username",
      "Password",
      "password",
      "ConfigFile",
    ],
  },
);

// Composer's auth keys: tokens and passwords for code hosts and private repositories.
const COMPOSER_AUTH =
  /^(?:github-oauth|gitlab-oauth|gitlab-token|bitbucket-oauth|http-basic|bearer|forgejo-token)\./;
const COMPOSER = table(
  [
    {
      verbs: /^(?:global )?config\b/,
      when: ({ ops }) => ops.some((op) => COMPOSER_AUTH.test(op)) && ops.length >= 3,
      rule: credentialStored,
    },
    {
      verbs:
        /^(?:global )?config repo(?:sitorie)?s?\.\S+ (?:vcs|git|composer|package|path|artifact)\b/,
      when: hasOperand(foreignFeedOrGit, 3),
      rule: untrusted,
    },
    {
      verbs: /^(?:create-project|require|global require)\b/,
      when: optionValue(
        ["repository", "repository-url"],
        (v) => PLAIN_HTTP.test(v) || /"url"\s*:\s*"(?:https?|git)/.test(v),
      ),
      rule: untrusted,
    },
    { verbs: /^global (?:remove|rm)\b/, rule: stateRemoved },
  ],
  {
    shortWithValue: "d",
    longWithValue: ["working-dir", "repository", "repository-url", "stability"],
  },
);

function foreignFeedOrGit(text: string): boolean {
  return (
    (ANY_URL.test(text) && !/^https:\/\/(?:repo\.)?packagist\.org/i.test(text)) ||
    /^git@/.test(text)
  );
}

const GEM = table(
  [
    { verbs: /^(?:uninstall|cleanup)\b/, rule: stateRemoved },
    { verbs: /^update\b/, when: hasFlag("system"), rule: globalChange },
    { verbs: /^install\b/, when: hasOperand(unreviewed), rule: untrusted },
  ],
  {
    shortWithValue: "vsiPn",
    longWithValue: ["version", "source", "install-dir", "trust-policy", "bindir"],
  },
);

const BUNDLE = table(
  [
    // `bundle config [set] --global HOST TOKEN`: a gem server's credential.
    {
      verbs: /^config (?:set )?[\w-]+(?:\.[\w-]+)+ \S/,
      when: ({ ops }) => !/^mirror\./.test(ops[ops[1] === "set" ? 2 : 1] ?? ""),
      rule: credentialStored,
    },
    {
      verbs: /^add\b/,
      when: optionValue(
        ["git", "source", "github", "path"],
        (v) => unreviewed(v) || PLAIN_HTTP.test(v) || /^[\w-]+\/[\w.-]+$/.test(v),
      ),
      rule: untrusted,
    },
  ],
  {
    longWithValue: ["git", "source", "github", "path", "branch", "ref", "version", "group"],
    long: ["global", "local"],
  },
);

const MIX = table(
  [
    { verbs: /^hex\.config (?:api_key|api_key_write|repos_key)\b/, rule: credentialStored },
    { verbs: /^hex\.config unsafe_https (?:true|1)\b/, rule: weakened },
    {
      verbs: /^hex\.config (?:mirror_url|api_url|cdn_url)\b/,
      when: hasOperand(foreignFeed, 2),
      rule: weakened,
    },
    { verbs: /^hex\.repo (?:add|set)\b/, when: hasOperand(foreignFeed, 3), rule: untrusted },
    { verbs: /^hex\.user key (?:generate|list)\b/, rule: printed },
    { verbs: /^(?:archive|escript)\.uninstall\b/, rule: stateRemoved },
  ],
  {
    longWithValue: ["key-name", "permission", "url", "public-key", "auth-key", "fetch-public-key"],
  },
);

/** Tables by command name. */
export const TOOLCHAIN_SOURCE_TABLES: ReadonlyMap<string, CliTable> = new Map<string, CliTable>([
  ["cargo", CARGO],
  ["go", GO],
  ["gradle", GRADLE],
  ["gradlew", GRADLE],
  ["mvn", MAVEN],
  ["mvnw", MAVEN],
  ["sbt", SBT],
  ["dotnet", DOTNET],
  ["nuget", NUGET],
  ["composer", COMPOSER],
  ["gem", GEM],
  ["bundle", BUNDLE],
  ["bundler", BUNDLE],
  ["mix", MIX],
]);
