// Publishing to a public registry, and changing who owns or sees what was published: `npm
// publish`, `npm unpublish`, `npm access set status=public`, `cargo publish`, `gem push`,
// `twine upload`, `poetry publish`, `mix hex.publish`, `dotnet nuget push`, `helm push`,
// `docker push IMAGE:latest`, `vsce publish`. A release goes out to everyone and cannot be taken
// back; the agent publishing one is held. Dry runs (`--dry-run`, `--dry_run`) stay allowed.
import { readOptions, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

type Match = DangerousCommandMatch | null;

const published = (): Match => matchOf(OPS_CLI_RULES.publish);

// Operand paths (joined by spaces, from the start) that publish or change a published package.
const PUBLISH_VERBS: ReadonlyMap<string, RegExp> = new Map([
  [
    "npm",
    /^(?:publish|unpublish|deprecate|dist-tag (?:add|rm)|access (?:set|public|grant)|owner (?:add|rm)|team (?:add|rm))\b/,
  ],
  ["pnpm", /^(?:publish|unpublish|deprecate|dist-tag (?:add|rm)|access (?:set|public))\b/],
  ["yarn", /^(?:publish|npm publish|npm tag add|npm tag remove)\b/],
  ["bun", /^publish\b/],
  ["cargo", /^(?:publish|yank)\b/],
  ["gem", /^(?:push|yank)\b/],
  ["twine", /^upload\b/],
  ["poetry", /^publish\b/],
  ["flit", /^publish\b/],
  ["hatch", /^publish\b/],
  ["uv", /^publish\b/],
  ["pdm", /^publish\b/],
  ["mix", /^(?:hex\.publish|hex\.retire|hex\.owner)\b/],
  ["nuget", /^(?:push|delete)\b/],
  ["dotnet", /^nuget (?:push|delete)\b/],
  ["helm", /^push\b/],
  ["vsce", /^(?:publish|unpublish)\b/],
  ["ovsx", /^publish\b/],
  ["dart", /^pub publish\b/],
  ["flutter", /^pub publish\b/],
  ["pod", /^trunk (?:push|delete)\b/],
  ["anaconda", /^upload\b/],
  ["goreleaser", /^release\b/],
  ["jf", /^(?:rt )?(?:upload|u)\b/],
]);

const DRY_RUN = /^--?(?:dry[-_]?run|n|skip-publish|snapshot)(?:=true)?$/;

// Image tags that every deployment pulling "the latest" gets.
const MOVING_TAG = /(?::latest|:stable|:prod(?:uction)?|:main)$/;

/** `docker push IMAGE` of a moving tag or to Docker Hub's public namespace of another account. */
function imagePush(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, {
    longWithValue: ["platform", "context", "host"],
    shortWithValue: "cH",
  });
  const ops = read.operands.map((word) => word.text);
  if (ops[0] !== "push" && !(ops[0] === "image" && ops[1] === "push")) return null;
  const image = ops[ops[0] === "push" ? 1 : 2] ?? "";
  if (image === "" || read.options.some((o) => o.name === "dry-run")) return null;
  const last = image.slice(image.lastIndexOf("/") + 1);
  const untagged = !last.includes(":") && !last.includes("@");
  return untagged || MOVING_TAG.test(image) || /^(?:docker\.io|index\.docker\.io)\//.test(image)
    ? published()
    : null;
}

/** Packages and images published to a registry, or their ownership or visibility changed. */
export const publishRule: CommandRule = (cmd) => {
  if (/^(?:docker|podman|nerdctl|buildah)$/.test(cmd.name)) return imagePush(cmd);
  if (/^(?:mvn|mvnw|gradle|gradlew)$/.test(cmd.name)) {
    const goals = cmd.args.map((word) => word.text).filter((text) => !text.startsWith("-"));
    return goals.some((goal) =>
      /^(?:deploy|publish|publishToMavenCentral|publishAllPublicationsTo\w*|release:perform|deploy:deploy-file)$/.test(
        goal,
      ),
    )
      ? published()
      : null;
  }
  const verbs = PUBLISH_VERBS.get(cmd.name);
  const texts = cmd.args.map((word) => word.text);
  // `python -m twine upload dist/*`.
  if (verbs === undefined) {
    if (
      /^python[\d.]*$/.test(cmd.name) &&
      texts[0] === "-m" &&
      texts[1] === "twine" &&
      texts[2] === "upload"
    )
      return texts.some((text) => DRY_RUN.test(text)) ? null : published();
    return null;
  }
  if (texts.some((text) => DRY_RUN.test(text))) return null;
  const ops = texts.filter((text) => !text.startsWith("-"));
  return verbs.test(ops.join(" ")) ? published() : null;
};
