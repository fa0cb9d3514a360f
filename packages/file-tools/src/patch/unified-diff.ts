import { createTwoFilesPatch } from "diff";

/** A unified diff `a/<name>` → `b/<name>` (no index header), as difflib prints it; "" when equal. */
export function unifiedDiff(name: string, before: string, after: string | undefined): string {
  if (before === after) return "";
  const patch = createTwoFilesPatch(
    `a/${name}`,
    after === undefined ? "/dev/null" : `b/${name}`,
    before,
    after ?? "",
    undefined,
    undefined,
    { context: 3 },
  );
  // Drop jsdiff's "====" separator line; keep from the "---" header on.
  const start = patch.indexOf("--- ");
  return start === -1 ? patch : patch.slice(start).replace(/\t$/gm, "");
}
