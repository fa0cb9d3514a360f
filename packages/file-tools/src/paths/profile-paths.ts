import path from "node:path";
import { isPathInside } from "./path-resolution.js";

/** Directories that belong to one Hermes profile: another profile's agent does not write them. */
const PROFILE_OWNED_DIRS = ["skills", "plugins", "cron", "memories"];

/** A profile's home and name: the default profile is the Hermes root itself. */
interface ProfileHome {
  readonly name: string;
  readonly home: string;
}

/**
 * The Hermes root and this runtime's profile: `<root>/profiles/<name>` is the profile `name`,
 * any other home is the root (profile "default").
 */
function profileOf(hermesHome: string): { readonly root: string; readonly current: ProfileHome } {
  const home = path.resolve(hermesHome);
  const parent = path.dirname(home);
  if (path.basename(parent) === "profiles") {
    return { root: path.dirname(parent), current: { name: path.basename(home), home } };
  }
  return { root: home, current: { name: "default", home } };
}

/** The profile whose home holds `file`, when `file` is inside one of the Hermes root's profiles. */
function owningProfile(file: string, root: string): ProfileHome | undefined {
  const profiles = path.join(root, "profiles");
  if (isPathInside(file, profiles) && file !== profiles) {
    const name = path.relative(profiles, file).split(path.sep)[0] ?? "";
    return { name, home: path.join(profiles, name) };
  }
  return isPathInside(file, root) ? { name: "default", home: root } : undefined;
}

/**
 * Why write_file/patch refuse `candidates` (the normalised path and its real path) without
 * `cross_profile`: another profile's skills, plugins, cron jobs or memories, which that
 * profile's agent trusts as its own. Undefined when the write stays in this profile.
 */
export function crossProfileRefusal(
  input: string,
  candidates: readonly string[],
  hermesHome: string,
): string | undefined {
  const { root, current } = profileOf(hermesHome);
  for (const candidate of candidates) {
    const owner = owningProfile(candidate, root);
    if (owner === undefined || owner.home === current.home) continue;
    const owned = PROFILE_OWNED_DIRS.find((dir) =>
      isPathInside(candidate, path.join(owner.home, dir)),
    );
    if (owned === undefined) continue;
    return (
      `Refusing to write to another Hermes profile's ${owned}: ${input} belongs to profile ` +
      `'${owner.name}', and this agent runs as profile '${current.name}'. ` +
      "Pass cross_profile=true only if the user asked for a change to that profile."
    );
  }
  return undefined;
}
