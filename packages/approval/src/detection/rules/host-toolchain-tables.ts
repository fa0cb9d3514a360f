// Verb tables of the system package managers' repository and trust commands, the runtime
// managers (mise, asdf), and the development CLIs around a project (pre-commit, vagrant,
// devcontainer, fastlane, docker login, the code-host CLIs' tokens), read with the rules of
// toolchain-state-tables.ts. A repository or key added to the system's package sources
// changes what every later install runs as root; an AUR helper builds code anyone uploaded.
import type { OptionTable } from "@hermes-agent/shell";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { EXEC_RULES } from "./exec-rules.js";
import { PUBLISH_RULES } from "./publish-tables.js";
import { TOOL_CONFIG_RULES } from "./tool-config-tables.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { GIT_RULES } from "./git-rules.js";
import { TOOLCHAIN_STATE_RULES, unreviewedSource as unreviewed } from "./toolchain-state-tables.js";
import type { CliTable, VerbEntry } from "./cli-verb-tables.js";
import { hasFlag, hasOperand, optionValue, tableOf as table } from "./verb-conditions.js";

const { stateRemoved, credentialStored, globalChange } = TOOLCHAIN_STATE_RULES;
const untrusted = OPS_CLI_RULES.untrustedPackage;
const weakened = TOOL_CONFIG_RULES.weakened;
const printed = EXEC_RULES.credentialRead;
const { publish } = PUBLISH_RULES;

const ANY_URL = /^(?:https?|ftp):\/\//i;
const PLAIN_HTTP = /^http:\/\//i;
const APT_KEY = table([{ verbs: /^(?:add|adv)\b/, rule: weakened }], {
  longWithValue: ["keyring", "keyserver", "recv-keys"],
});

// The distribution's own components are no new source.
const DISTRIBUTION_COMPONENT =
  /^(?:main|universe|multiverse|restricted|contrib|non-free(?:-firmware)?)$/;
const ADD_APT_REPOSITORY = table(
  [{ verbs: /^./, when: hasOperand((t) => !DISTRIBUTION_COMPONENT.test(t), 0), rule: untrusted }],
  { short: "yrnsu", shortWithValue: "kc", longWithValue: ["keyserver", "component", "pocket"] },
);

const DNF_OPTIONS: OptionTable = {
  shortWithValue: "yc",
  longWithValue: ["add-repo", "addrepo", "setopt", "repofrompath", "from-repofile", "config"],
};
const DNF = table(
  [
    {
      verbs: /^config-manager\b/,
      when: hasFlag("add-repo", "addrepo", "from-repofile"),
      rule: untrusted,
    },
    { verbs: /^config-manager (?:addrepo|add-repo)\b/, rule: untrusted },
    { verbs: /^copr enable\b/, rule: untrusted },
  ],
  DNF_OPTIONS,
);

const RPM = table([{ verbs: /^/, when: hasFlag("import"), rule: weakened }], {
  long: ["import", "nosignature", "nodigest", "nodeps", "force"],
});

// pacman's operations are bundled letters: `-U` installs a file, `-Rdd` skips dependency checks.
const PACMAN = table(
  [
    { verbs: /^/, when: hasFlag("U", "upgrade"), rule: untrusted },
    { verbs: /^/, when: optionValue(["overwrite"], () => true), rule: weakened },
    {
      verbs: /^/,
      when: ({ read }) =>
        read.options.some((o) => o.name === "R" || o.name === "remove") &&
        read.options.filter((o) => o.name === "d").length >= 2,
      rule: SYSTEM_RULES.packages,
    },
  ],
  {
    short: "SURQcdnsuyvw",
    longWithValue: ["overwrite", "root", "dbpath", "config", "cachedir", "gpgdir"],
  },
);

const PACMAN_KEY = table(
  [
    {
      verbs: /^/,
      when: hasFlag("lsign-key", "add", "a", "recv-keys", "r", "populate"),
      rule: weakened,
    },
  ],
  {
    long: ["lsign-key", "add", "recv-keys", "populate"],
  },
);

// AUR helpers: `-S` of a package builds a PKGBUILD anyone could have uploaded.
const AUR_HELPER = table([{ verbs: /^./, when: hasFlag("S", "sync"), rule: untrusted }], {
  short: "SyuR",
});

const ZYPPER = table(
  [
    { verbs: /^(?:addrepo|ar)\b/, rule: untrusted },
    {
      verbs: /^(?:install|in)\b/,
      when: hasOperand((t) => ANY_URL.test(t) || /\.rpm$/.test(t)),
      rule: untrusted,
    },
  ],
  { shortWithValue: "nrpc", longWithValue: ["repo", "from", "name"] },
);

const APK = table(
  [
    {
      verbs: /^add\b/,
      when: optionValue(["X", "repository"], (v) => ANY_URL.test(v)),
      rule: untrusted,
    },
  ],
  { shortWithValue: "Xtp", longWithValue: ["repository", "virtual", "root", "repositories-file"] },
);

const SNAP = table(
  [{ verbs: /^install\b/, when: hasFlag("dangerous", "devmode", "jailmode"), rule: weakened }],
  { longWithValue: ["channel", "revision"] },
);

const FLATPAK = table(
  [
    {
      verbs: /^remote-add\b/,
      when: hasOperand((t) => !/flathub\.org\//.test(t) && ANY_URL.test(t), 2),
      rule: untrusted,
    },
    {
      verbs: /^install\b/,
      when: optionValue(["from"], (v) => ANY_URL.test(v) || unreviewed(v)),
      rule: untrusted,
    },
    {
      verbs: /^install\b/,
      when: hasOperand((t) => ANY_URL.test(t) || /\.flatpak(?:ref)?$/.test(t)),
      rule: untrusted,
    },
    { verbs: /^(?:uninstall|remove)\b/, when: hasFlag("all", "delete-data"), rule: stateRemoved },
  ],
  { longWithValue: ["from", "arch", "installation"] },
);

const MISE = table(
  [
    { verbs: /^(?:implode|self-uninstall)\b/, rule: stateRemoved },
    { verbs: /^uninstall\b/, when: hasFlag("all", "a"), rule: stateRemoved },
    {
      verbs: /^(?:plugins?|p) (?:install|i|add|link)\b/,
      when: hasOperand((t) => unreviewed(t) || ANY_URL.test(t), 3),
      rule: untrusted,
    },
    { verbs: /^(?:plugins?|p) (?:uninstall|remove|rm)\b/, rule: stateRemoved },
    { verbs: /^trust\b/, when: hasFlag("all", "a"), rule: weakened },
    { verbs: /^trust\b/, when: hasOperand(unreviewed), rule: weakened },
  ],
  { shortWithValue: "Ee", longWithValue: ["env", "cd"] },
);

const ASDF = table([
  {
    verbs: /^plugin(?:-| )(?:add|update)\b/,
    when: hasOperand((t) => unreviewed(t) || ANY_URL.test(t), 2),
    rule: untrusted,
  },
]);

const XCODE_SELECT = table(
  [{ verbs: /^/, when: optionValue(["s", "switch"], unreviewed), rule: untrusted }],
  { shortWithValue: "s", longWithValue: ["switch"] },
);

const FASTLANE = table([
  {
    verbs:
      /^(?:deliver|pilot (?:upload|distribute)|upload_to_app_store|upload_to_testflight|supply|upload_to_play_store|appstore|testflight)\b/,
    rule: publish,
  },
]);

const CABAL = table([{ verbs: /^(?:v2-)?install\b/, when: hasFlag("lib"), rule: globalChange }], {
  longWithValue: ["package-env", "installdir", "install-method", "with-compiler"],
});

const PRE_COMMIT = table([{ verbs: /^init-templatedir\b/, rule: globalChange }]);

const VAGRANT = table(
  [
    { verbs: /^box add\b/, when: hasFlag("insecure"), rule: weakened },
    {
      verbs: /^box add\b/,
      when: hasOperand((t) => PLAIN_HTTP.test(t) || unreviewed(t), 2),
      rule: untrusted,
    },
    { verbs: /^plugin install\b/, when: hasOperand(unreviewed, 2), rule: untrusted },
    { verbs: /^cloud publish\b/, rule: publish },
    { verbs: /^cloud (?:auth )?login\b/, when: hasFlag("token", "t"), rule: credentialStored },
  ],
  {
    shortWithValue: "tcp",
    longWithValue: [
      "token",
      "name",
      "provider",
      "box-version",
      "plugin-source",
      "plugin-version",
      "checksum",
    ],
  },
);

const DEVCONTAINER = table([{ verbs: /^(?:features|templates) publish\b/, rule: publish }], {
  longWithValue: ["namespace", "registry", "workspace-folder", "mount", "config"],
});

const DOCKER_LOGIN: VerbEntry = {
  verbs: /^login\b/,
  when: optionValue(["p", "password"], (v) => v !== ""),
  rule: credentialStored,
};
const DOCKER = table([DOCKER_LOGIN], {
  shortWithValue: "upHc",
  longWithValue: ["username", "password", "host", "context", "config"],
});

// GraphQL mutations that delete, or that change access, visibility, protection or refs.
const DELETING_MUTATION = /\bmutation\b[\s\S]*\b(?:delete|remove)[A-Z]\w*\s*\(/;
const ADMIN_MUTATION =
  /\bmutation\b[\s\S]*\b(?:archiveRepository|transferRepository|updateRepository|updateBranchProtectionRule|updateRefs?|updateEnterprise\w*|updateOrganization\w*|addEnterpriseAdmin|updateTeamsRepository|createDeployKey|addDeployKey)\s*\(/;

// Code-host CLIs: a stored token printed, a token widened to delete or administer.
const WIDE_SCOPE =
  /(?:^|,)(?:delete_repo|admin:[\w:]+|write:packages|delete:packages|site_admin|workflow)(?:,|$)/;
const GH = table(
  [
    {
      verbs: /^auth refresh\b/,
      when: optionValue(["s", "scopes"], (v) => WIDE_SCOPE.test(v)),
      rule: OPS_CLI_RULES.repoSettings,
    },
    { verbs: /^workflow disable\b/, rule: OPS_CLI_RULES.repoSettings },
    {
      verbs: /^api graphql\b/,
      when: ({ joined }) => DELETING_MUTATION.test(joined),
      rule: GIT_RULES.deleteRemote,
    },
    {
      verbs: /^api graphql\b/,
      when: ({ joined }) => ADMIN_MUTATION.test(joined),
      rule: OPS_CLI_RULES.repoSettings,
    },
    {
      verbs:
        /^(?:issue|codespace|discussion|project item|pr|repo|release|secret|variable|environment|label|gist|ssh-key|gpg-key|cache|run|ruleset|repo deploy-key|deploy-key|project) (?:delete|delete-asset)\b/,
      rule: GIT_RULES.deleteRemote,
    },
  ],
  { shortWithValue: "hsRc", longWithValue: ["hostname", "scopes", "repo", "codespace"] },
  ["help"],
);
const GLAB = table(
  [
    { verbs: /^config get token\b/, rule: printed },
    { verbs: /^config set token\b/, rule: credentialStored },
    { verbs: /^(?:ci|pipeline) delete\b/, rule: GIT_RULES.deleteRemote },
  ],
  { shortWithValue: "hRg", longWithValue: ["host", "repo", "global"] },
);

const DOCKER_CREDENTIAL = table([{ verbs: /^(?:list|get)\b/, rule: printed }]);

/** Tables by command name. */
export const HOST_TOOLCHAIN_TABLES: ReadonlyMap<string, CliTable> = new Map<string, CliTable>([
  ["apt-key", APT_KEY],
  ["add-apt-repository", ADD_APT_REPOSITORY],
  ["apt-add-repository", ADD_APT_REPOSITORY],
  ["dnf", DNF],
  ["dnf5", DNF],
  ["yum", DNF],
  [
    "yum-config-manager",
    table([{ verbs: /^/, when: hasFlag("add-repo"), rule: untrusted }], {
      longWithValue: ["add-repo"],
    }),
  ],
  ["rpm", RPM],
  ["rpmkeys", RPM],
  ["pacman", PACMAN],
  ["pacman-key", PACMAN_KEY],
  ["yay", AUR_HELPER],
  ["paru", AUR_HELPER],
  ["pikaur", AUR_HELPER],
  ["trizen", AUR_HELPER],
  ["zypper", ZYPPER],
  ["apk", APK],
  ["snap", SNAP],
  ["flatpak", FLATPAK],
  ["mise", MISE],
  ["rtx", MISE],
  ["asdf", ASDF],
  ["xcode-select", XCODE_SELECT],
  ["fastlane", FASTLANE],
  ["cabal", CABAL],
  ["pre-commit", PRE_COMMIT],
  ["vagrant", VAGRANT],
  ["devcontainer", DEVCONTAINER],
  ["docker", DOCKER],
  ["podman", DOCKER],
  ["nerdctl", DOCKER],
  ["gh", GH],
  ["glab", GLAB],
  ...[
    "docker-credential-desktop",
    "docker-credential-osxkeychain",
    "docker-credential-pass",
    "docker-credential-secretservice",
    "docker-credential-wincred",
    "docker-credential-ecr-login",
    "docker-credential-gcloud",
    "docker-credential-helper",
  ].map((name) => [name, DOCKER_CREDENTIAL] as const),
]);
