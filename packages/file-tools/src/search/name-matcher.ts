import picomatch from "picomatch";

/**
 * A matcher for a file glob, the same for both engines: a glob without "/" matches the
 * file name at any depth ("*.py"), one with "/" matches the path from the search root.
 */
export function nameMatcher(glob: string): (relative: string) => boolean {
  const anchored = glob.includes("/") && !glob.startsWith("**/");
  return picomatch(anchored ? glob.replace(/^\.\//, "") : glob, { dot: true, basename: !anchored });
}
