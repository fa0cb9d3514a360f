// Verb tables of the programs that publish outside the machine: package registries (npm and its
// siblings, crates.io, RubyGems, PyPI, Hex, NuGet, the JVM repositories, pub.dev, JSR, the
// editor marketplaces), image registries (`docker push`, `buildx --push`) and code hosts'
// releases, public gists and public repositories. Publishing cannot be taken back: others
// download the package at once, and a version number once published is burnt. Preview options
// (`--dry-run`, `--snapshot`, `--draft`) keep the run local and stay benign, as do `npm pack`,
// `twine check` and every read.
import { hasOption, type OptionTable } from "@hermes-agent/shell";
import { rule, type RuleInfo } from "../types.js";
import { valueOf, type CliTable, type VerbInput } from "./cli-verb-tables.js";

/** Rules about code and images published outside the machine. */
export const PUBLISH_RULES: Readonly<
  Record<"publish" | "exposure" | "imagePush" | "secretPush", RuleInfo>
> = {
  publish: rule(
    "package-publish",
    "package or release published to a public registry or code host (others can download it at once; it cannot be taken back)",
  ),
  exposure: rule(
    "package-visibility-change",
    "published package or repository unpublished, yanked, handed to a new owner or made public",
  ),
  imagePush: rule(
    "image-push",
    "container image pushed to a registry outside the machine (overwrites the tag others pull)",
  ),
  secretPush: rule(
    "secret-pushed",
    "secret or git-ignored file committed and pushed to a remote (it stays in the remote's history)",
  ),
} as const;

const { publish, exposure, imagePush } = PUBLISH_RULES;
const DRY_RUN = ["dry-run", "dryrun"];

const NODE_REGISTRY: OptionTable = {
  shortWithValue: "wC",
  longWithValue: [
    "registry",
    "tag",
    "access",
    "otp",
    "workspace",
    "filter",
    "userconfig",
    "prefix",
    "cwd",
    "dir",
    "loglevel",
    "provenance-file",
    "publish-branch",
    "report-summary",
  ],
  long: [
    "dry-run",
    "force",
    "provenance",
    "no-git-checks",
    "ignore-scripts",
    "recursive",
    "workspaces",
    "yes",
  ],
};

const publicAccess = ({ ops, read }: VerbInput): boolean =>
  ops.slice(1).some((op) => /^(?:public|status=public)$/.test(op)) ||
  valueOf(read, "access") === "public";

const NPM: CliTable = {
  options: NODE_REGISTRY,
  preview: DRY_RUN,
  entries: [
    { verbs: /^publish\b/, rule: publish },
    { verbs: /^(?:unpublish|deprecate|undeprecate)\b/, rule: exposure },
    { verbs: /^access (?:set|public|grant)\b/, when: publicAccess, rule: exposure },
    { verbs: /^access grant\b/, rule: exposure },
    { verbs: /^owner (?:add|rm|remove)\b/, rule: exposure },
    { verbs: /^team (?:add|rm)\b/, rule: exposure },
    { verbs: /^dist-tags? (?:add|set|rm)\b/, rule: publish },
  ],
};

const YARN: CliTable = {
  options: NODE_REGISTRY,
  preview: DRY_RUN,
  entries: [
    { verbs: /^(?:npm )?publish\b/, rule: publish },
    { verbs: /^npm tag (?:add|remove)\b/, rule: publish },
    { verbs: /^(?:workspaces foreach .*\bnpm publish)\b/, rule: publish },
  ],
};

const BUN: CliTable = {
  options: NODE_REGISTRY,
  preview: DRY_RUN,
  entries: [{ verbs: /^publish\b/, rule: publish }],
};

// Release tools that publish every package of a workspace (and push tags) in one run.
const RELEASE_TOOL: CliTable = {
  options: { ...NODE_REGISTRY, long: [...(NODE_REGISTRY.long ?? []), "ci", "no-ci"] },
  preview: [...DRY_RUN, "no-push", "skip-npm", "snapshot"],
  entries: [{ verbs: /^(?:publish|release|version --(?:yes|y))\b|^$/, rule: publish }],
};

const CARGO: CliTable = {
  options: {
    shortWithValue: "pjZF",
    longWithValue: [
      "registry",
      "index",
      "token",
      "package",
      "manifest-path",
      "target",
      "features",
      "jobs",
      "version",
      "vers",
      "config",
      "add",
      "remove",
    ],
    long: ["allow-dirty", "no-verify", "all-features", "locked", "frozen", "offline", "undo"],
  },
  preview: DRY_RUN,
  entries: [
    { verbs: /^publish\b/, rule: publish },
    { verbs: /^yank\b/, when: ({ read }) => !hasOption(read, "undo"), rule: exposure },
    { verbs: /^owner\b/, when: ({ read }) => hasOption(read, "add", "a"), rule: exposure },
  ],
};

const GEM: CliTable = {
  options: { shortWithValue: "kvp", longWithValue: ["key", "host", "otp", "version", "platform"] },
  entries: [
    { verbs: /^push\b/, rule: publish },
    { verbs: /^yank\b/, rule: exposure },
    {
      verbs: /^owner\b/,
      when: ({ joined }) => /(?:^|\s)(?:-a|--add)\b/.test(joined),
      rule: exposure,
    },
  ],
};

const PYTHON_UPLOAD: CliTable = {
  options: {
    shortWithValue: "rupcis",
    longWithValue: [
      "repository",
      "repository-url",
      "username",
      "password",
      "config-file",
      "identity",
      "sign-with",
      "client-cert",
      "cert",
      "build",
      "index",
      "index-url",
      "publish-url",
      "token",
      "trusted-publishing",
      "check-url",
      "comment",
      "python",
      "pypirc",
    ],
    long: ["sign", "skip-existing", "non-interactive", "verbose", "no-build", "build", "yes"],
  },
  preview: DRY_RUN,
  entries: [{ verbs: /^(?:upload|publish)\b/, rule: publish }],
};

const MIX: CliTable = {
  options: {
    shortWithValue: "",
    longWithValue: ["organization", "replace", "revert", "key"],
    long: ["yes", "no-confirm", "replace"],
  },
  preview: DRY_RUN,
  entries: [
    { verbs: /^hex\.publish\b/, when: ({ read }) => !hasOption(read, "revert"), rule: publish },
    { verbs: /^hex\.publish\b/, rule: exposure },
    { verbs: /^hex\.retire\b/, rule: exposure },
    { verbs: /^hex\.owner (?:add|transfer)\b/, rule: exposure },
  ],
};

const NUGET_OPTIONS: OptionTable = {
  shortWithValue: "skt",
  longWithValue: [
    "source",
    "api-key",
    "symbol-source",
    "symbol-api-key",
    "timeout",
    "Source",
    "ApiKey",
    "configfile",
  ],
  long: ["skip-duplicate", "no-symbols", "interactive", "force-english-output", "non-interactive"],
};

const nugetTable = (prefix: string): CliTable => ({
  options: NUGET_OPTIONS,
  entries: [
    { verbs: new RegExp(`^${prefix}push\\b`), rule: publish },
    { verbs: new RegExp(`^${prefix}delete\\b`), rule: exposure },
  ],
});

/** Pushes to a registry on this machine (`localhost:5000/app`) stay local. */
const remoteImage = (ref: string): boolean =>
  ref !== "" && !/^(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(?::\d+)?\//i.test(ref);

const DOCKER_OPTIONS: OptionTable = {
  shortWithValue: "Hclft",
  longWithValue: [
    "host",
    "context",
    "config",
    "log-level",
    "tag",
    "file",
    "platform",
    "builder",
    "build-arg",
    "target",
    "output",
    "cache-from",
    "cache-to",
    "label",
    "secret",
    "ssh",
    "progress",
    "set",
    "metadata-file",
    "iidfile",
    "network",
    "creds",
    "authfile",
    "cert-dir",
    "format",
    "sign-by",
    "digestfile",
    "compression-format",
  ],
  long: [
    "all-tags",
    "push",
    "load",
    "quiet",
    "disable-content-trust",
    "pull",
    "no-cache",
    "tls-verify",
    "rm",
    "all",
  ],
};

// Registries anyone can pull from, where a pushed name is public at once.
const PUBLIC_REGISTRY =
  /^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io|registry\.hub\.docker\.com|public\.ecr\.aws)$/i;

/**
 * True when pushing `ref` publishes or overwrites what others pull: a Docker Hub or other
 * public-registry name, or a floating tag (`latest`, or none, which means `latest`). A fixed
 * version pushed to the project's own registry host (`registry.acme.io/api:1.4.2`) is the
 * ordinary release step and stays allowed.
 */
function publishesImage(text: string): boolean {
  const ref = text.replace(/^docker:\/\//, "");
  if (!remoteImage(ref)) return false;
  const slash = ref.indexOf("/");
  const first = slash < 0 ? "" : ref.slice(0, slash);
  const host = /[.:]/.test(first) || first === "localhost" ? first : "";
  if (host === "" || PUBLIC_REGISTRY.test(host)) return true;
  if (ref.includes("@")) return false;
  const name = ref.slice(ref.lastIndexOf("/") + 1);
  const colon = name.indexOf(":");
  return colon < 0 || /^latest$/i.test(name.slice(colon + 1));
}

const pushedImage = ({ ops, read }: VerbInput): boolean => {
  const compose = ops[0] === "compose";
  const rest = /^(?:image|manifest|compose)$/.test(ops[0] ?? "") ? ops.slice(2) : ops.slice(1);
  if (rest.length === 0 || compose || hasOption(read, "all-tags", "a")) return true;
  return rest.some(publishesImage);
};

// `--push` / `--output type=registry` on a build publishes the image it builds.
const buildPushes = ({ read }: VerbInput): boolean => {
  const pushes =
    hasOption(read, "push") ||
    read.options.some(
      (o) =>
        (o.name === "output" || o.name === "o") &&
        /type=(?:registry|image[^,]*,push=true)/.test(o.value ?? ""),
    );
  if (!pushes) return false;
  const tags = read.options.filter((o) => o.name === "t" || o.name === "tag");
  return tags.length === 0 || tags.some((o) => publishesImage(o.value ?? ""));
};

/** `skopeo copy SRC docker://DEST`, `crane copy SRC DEST`: the last operand is the target. */
const copiedToRegistry = ({ ops }: VerbInput): boolean => {
  const dest = ops[ops.length - 1] ?? "";
  return (
    ops.length >= 3 &&
    !/^(?:oci|oci-archive|dir|docker-archive|docker-daemon|containers-storage):/.test(dest) &&
    remoteImage(dest.replace(/^docker:\/\//, ""))
  );
};

const REGISTRY_CLIENT: CliTable = {
  options: DOCKER_OPTIONS,
  entries: [
    { verbs: /^(?:copy|cp|sync|image (?:copy|import))\b/, when: copiedToRegistry, rule: imagePush },
    { verbs: /^(?:push|append|mutate|attach)\b/, when: pushedImage, rule: imagePush },
  ],
};

const CONTAINER: CliTable = {
  options: DOCKER_OPTIONS,
  entries: [
    { verbs: /^(?:image |manifest |compose )?push\b/, when: pushedImage, rule: imagePush },
    { verbs: /^(?:buildx )?(?:build|bake)\b|^image build\b/, when: buildPushes, rule: imagePush },
  ],
};

const GH: CliTable = {
  options: {
    shortWithValue: "RdpntFe",
    longWithValue: [
      "repo",
      "title",
      "notes",
      "notes-file",
      "target",
      "discussion-category",
      "desc",
      "description",
      "filename",
      "visibility",
      "template",
      "team",
      "homepage",
      "gitignore",
      "license",
      "source",
      "remote",
    ],
    long: [
      "draft",
      "prerelease",
      "latest",
      "generate-notes",
      "public",
      "private",
      "internal",
      "push",
      "web",
      "clobber",
    ],
  },
  entries: [
    {
      verbs: /^release (?:create|new|upload)\b/,
      when: ({ read }) =>
        !read.options.some((o) => (o.name === "draft" || o.name === "d") && o.value !== "false"),
      rule: publish,
    },
    {
      verbs: /^release edit\b/,
      when: ({ read }) => /^false$/i.test(valueOf(read, "draft")) || hasOption(read, "latest"),
      rule: publish,
    },
    {
      verbs: /^gist (?:create|new)\b/,
      when: ({ read }) => hasOption(read, "public", "p"),
      rule: exposure,
    },
    {
      verbs: /^repo (?:create|new)\b/,
      when: ({ read }) =>
        hasOption(read, "public") || /^public$/i.test(valueOf(read, "visibility")),
      rule: exposure,
    },
  ],
};

const GLAB: CliTable = {
  options: {
    shortWithValue: "RnNfvdg",
    longWithValue: [
      "repo",
      "name",
      "notes",
      "notes-file",
      "visibility",
      "title",
      "filename",
      "group",
      "ref",
    ],
    long: ["public", "private", "internal"],
  },
  entries: [
    { verbs: /^release (?:create|upload)\b/, rule: publish },
    {
      verbs: /^(?:snippet|repo) (?:create|new)\b/,
      when: ({ read }) =>
        hasOption(read, "public") || /^public$/i.test(valueOf(read, "visibility", "v")),
      rule: exposure,
    },
  ],
};

// System properties that turn the publishing step into a preview or skip it.
const SKIPPED_PUBLISH =
  /^(?:dryRun|maven\.deploy\.skip|skipDeploy|skipPublishing|skipNexusStagingDeployMojo|jreleaser\.dry\.run)(?:=true)?$/;

// Build tools whose publishing is a lifecycle phase or task named anywhere on the line.
const JVM_BUILD: CliTable = {
  options: {
    shortWithValue: "fsPDlpbTepq",
    longWithValue: [
      "file",
      "settings",
      "activate-profiles",
      "define",
      "projects",
      "project-dir",
      "init-script",
    ],
    long: [
      "batch-mode",
      "quiet",
      "offline",
      "no-daemon",
      "stacktrace",
      "info",
      "debug",
      "parallel",
    ],
  },
  preview: ["dry-run", "m"],
  entries: [
    {
      verbs:
        /^(?:\S+ )*\+?(?:deploy|release:perform|publish(?!\w*(?:MavenLocal|Local|LocalSigned|M2)(?: |$))\w*|uploadArchives|publishToMavenCentral|publishPlugins|publishToSonatype|publishSigned|closeAndReleaseSonatypeStagingRepository|nexus-staging:release|jreleaser:(?:deploy|release|full-release))(?: |$)/,
      when: ({ read }) =>
        !read.options.some((o) => o.name === "D" && SKIPPED_PUBLISH.test(o.value ?? "")),
      rule: publish,
    },
  ],
};

const SIMPLE_PUBLISH = (verbs: RegExp, preview: readonly string[] = DRY_RUN): CliTable => ({
  options: {
    shortWithValue: "pt",
    longWithValue: [
      "pat",
      "token",
      "registry",
      "packagePath",
      "target",
      "config",
      "api-key",
      "key",
      "server",
    ],
    long: ["yes", "force", "allow-dirty", "pre-release", "no-check", "skip-duplicate"],
  },
  preview,
  entries: [{ verbs, rule: publish }],
});

/** Publishing programs' verb tables by command name. */
export const PUBLISH_TABLES: ReadonlyMap<string, CliTable> = new Map<string, CliTable>([
  ["npm", NPM],
  ["pnpm", NPM],
  ["yarn", YARN],
  ["bun", BUN],
  ["lerna", RELEASE_TOOL],
  ["changeset", { ...RELEASE_TOOL, entries: [{ verbs: /^publish\b/, rule: publish }] }],
  ["semantic-release", RELEASE_TOOL],
  ["release-it", RELEASE_TOOL],
  ["np", RELEASE_TOOL],
  ["cargo", CARGO],
  ["gem", GEM],
  ["twine", PYTHON_UPLOAD],
  ["poetry", PYTHON_UPLOAD],
  ["flit", PYTHON_UPLOAD],
  ["hatch", PYTHON_UPLOAD],
  ["uv", PYTHON_UPLOAD],
  ["pdm", PYTHON_UPLOAD],
  ["maturin", PYTHON_UPLOAD],
  ["mix", MIX],
  ["rebar3", { ...MIX, entries: [{ verbs: /^hex (?:publish|cut)\b/, rule: publish }] }],
  ["dotnet", nugetTable("nuget ")],
  ["nuget", nugetTable("")],
  ["docker", CONTAINER],
  ["podman", CONTAINER],
  ["nerdctl", CONTAINER],
  ["buildah", CONTAINER],
  ["finch", CONTAINER],
  ["docker-compose", CONTAINER],
  ["skopeo", REGISTRY_CLIENT],
  ["crane", REGISTRY_CLIENT],
  ["gcrane", REGISTRY_CLIENT],
  ["regctl", REGISTRY_CLIENT],
  ["oras", REGISTRY_CLIENT],
  ["gh", GH],
  ["glab", GLAB],
  ["mvn", JVM_BUILD],
  ["mvnw", JVM_BUILD],
  ["gradle", JVM_BUILD],
  ["gradlew", JVM_BUILD],
  ["sbt", JVM_BUILD],
  ["lein", { ...JVM_BUILD, entries: [{ verbs: /^deploy\b/, rule: publish }] }],
  ["vsce", SIMPLE_PUBLISH(/^publish\b/)],
  ["ovsx", SIMPLE_PUBLISH(/^publish\b/)],
  ["deno", SIMPLE_PUBLISH(/^publish\b/)],
  ["jsr", SIMPLE_PUBLISH(/^publish\b/)],
  ["dart", SIMPLE_PUBLISH(/^pub (?:publish|lish)\b/, ["dry-run", "n"])],
  ["flutter", SIMPLE_PUBLISH(/^pub (?:publish|lish)\b/, ["dry-run", "n"])],
  ["pub", SIMPLE_PUBLISH(/^(?:publish|lish)\b/, ["dry-run", "n"])],
  ["pod", SIMPLE_PUBLISH(/^trunk push\b/)],
  ["cabal", SIMPLE_PUBLISH(/^upload\b/)],
  ["stack", SIMPLE_PUBLISH(/^upload\b/)],
  ["luarocks", SIMPLE_PUBLISH(/^upload\b/)],
  ["anaconda", SIMPLE_PUBLISH(/^upload\b/)],
  ["snapcraft", SIMPLE_PUBLISH(/^(?:upload|push|release)\b/)],
  [
    "goreleaser",
    {
      options: { longWithValue: ["skip", "config", "parallelism", "timeout"] },
      preview: ["snapshot", "skip-publish"],
      entries: [
        {
          verbs: /^(?:release\b|$)/,
          when: ({ read }) => !/\bpublish\b/.test(valueOf(read, "skip")),
          rule: publish,
        },
      ],
    },
  ],
  ["helm", SIMPLE_PUBLISH(/^push\b/)],
  ["opam", SIMPLE_PUBLISH(/^publish\b/)],
  ["nimble", SIMPLE_PUBLISH(/^publish\b/)],
]);
