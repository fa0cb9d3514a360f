import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

/** Support folders of a skill, in the order skill_view lists them. */
const LINKED_FILE_SPECS: readonly {
  readonly folder: string;
  readonly extensions: ReadonlySet<string> | undefined;
  readonly recursive: boolean;
}[] = [
  { folder: "references", extensions: new Set([".md"]), recursive: false },
  {
    folder: "templates",
    extensions: new Set([".md", ".py", ".yaml", ".yml", ".json", ".tex", ".sh"]),
    recursive: true,
  },
  { folder: "assets", extensions: undefined, recursive: true },
  {
    folder: "scripts",
    extensions: new Set([".py", ".sh", ".bash", ".js", ".ts", ".rb"]),
    recursive: false,
  },
];

/** Folders whose files skill_manage may write. */
export const SUPPORT_FOLDERS: readonly string[] = ["references", "templates", "scripts", "assets"];

async function filesUnder(dir: string, recursive: boolean): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isFile()) out.push(full);
    else if (entry.isDirectory() && recursive) out.push(...(await filesUnder(full, true)));
  }
  return out;
}

/** The linked files of a skill by folder (`references/api.md`, ...); empty folders left out. */
export async function linkedFiles(skillDir: string): Promise<Record<string, string[]>> {
  const groups: Record<string, string[]> = {};
  for (const spec of LINKED_FILE_SPECS) {
    const files = (await filesUnder(path.join(skillDir, spec.folder), spec.recursive))
      .filter((f) => spec.extensions === undefined || spec.extensions.has(path.extname(f)))
      .map((f) => path.relative(skillDir, f).split(path.sep).join("/"))
      .sort();
    if (files.length > 0) groups[spec.folder] = files;
  }
  return groups;
}

/** Every file of a skill but SKILL.md, by support folder (`other` for the rest), for not-found errors. */
export async function availableFiles(skillDir: string): Promise<Record<string, string[]>> {
  const groups: Record<string, string[]> = {};
  for (const file of await filesUnder(skillDir, true)) {
    const relative = path.relative(skillDir, file).split(path.sep).join("/");
    if (relative === "SKILL.md") continue;
    const top = relative.includes("/") ? (relative.split("/")[0] ?? "") : "";
    const group = SUPPORT_FOLDERS.includes(top) ? top : "other";
    (groups[group] ??= []).push(relative);
  }
  const ordered: Record<string, string[]> = {};
  for (const key of [...SUPPORT_FOLDERS, "other"]) {
    const files = groups[key];
    if (files) ordered[key] = files.sort();
  }
  return ordered;
}
