import { readFile, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { availableFiles } from "./linked-files.js";
import { findSkillDirs, orderedRoots, type SkillIndex } from "./skill-index.js";
import { deleteTargetError, removeIfEmpty, removeTree, writeFileAtomic } from "./skill-files.js";
import { validateWithinDir } from "./skill-paths.js";
import {
  injectionError,
  isSkillMdPath,
  MAX_SKILL_FILE_BYTES,
  validateCategory,
  validateContentSize,
  validateFilePath,
  validateName,
  validateSkillMarkdown,
} from "./skill-validation.js";
import type { SkillsSettings } from "./skills-settings.js";

type Result = Record<string, unknown>;

const failure = (error: string, extra: Result = {}): Result => ({
  success: false,
  error,
  ...extra,
});

/** The arguments of skill_manage, as Hermes names them. */
export interface SkillManageArgs {
  readonly action?: unknown;
  readonly name?: unknown;
  readonly content?: unknown;
  readonly category?: unknown;
  readonly file_path?: unknown;
  readonly file_content?: unknown;
  readonly old_string?: unknown;
  readonly new_string?: unknown;
  readonly replace_all?: unknown;
  readonly absorbed_into?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/** create / edit / patch / delete / write_file / remove_file over the skill folders. */
export class SkillManager {
  readonly #settings: SkillsSettings;
  readonly #index: SkillIndex;

  constructor(settings: SkillsSettings, index: SkillIndex) {
    this.#settings = settings;
    this.#index = index;
  }

  /** Roots skill_manage may change: `HERMES_HOME/skills` and `skills.external_dirs`. */
  #writableRoots(): string[] {
    const roots = this.#settings.roots();
    return orderedRoots({ project: [], local: roots.local, external: roots.external });
  }

  async #find(name: string): Promise<string | undefined> {
    for (const root of this.#writableRoots()) {
      const dirs = await findSkillDirs(root);
      const match = dirs.find((dir) => path.basename(dir) === name);
      if (match !== undefined) return match;
    }
    return undefined;
  }

  #notFound(name: string, suffix = ""): string {
    const profile =
      /[\\/]profiles[\\/]([^\\/]+)[\\/]?$/.exec(this.#settings.hermesHome)?.[1] ?? "default";
    return `Skill '${name}' not found in active profile '${profile}'. Use skills_list() to see available skills.${suffix}`;
  }

  /** Run one action; the result is Hermes' JSON object. */
  async run(args: SkillManageArgs): Promise<Result> {
    const action = text(args.action) ?? "";
    const name = text(args.name) ?? "";
    const content = text(args.content);
    const filePath = text(args.file_path);
    let result: Result;
    switch (action) {
      case "create":
        if (!content)
          return failure(
            "content is required for 'create'. Provide the full SKILL.md text (frontmatter + body).",
          );
        result = await this.#create(name, content, args.category);
        break;
      case "edit":
        if (!content)
          return failure("content is required for 'edit'. Provide the full updated SKILL.md text.");
        result = await this.#edit(name, content);
        break;
      case "patch": {
        const oldString = text(args.old_string);
        const newString = text(args.new_string);
        if (!oldString)
          return failure("old_string is required for 'patch'. Provide the text to find.");
        if (newString === undefined) {
          return failure(
            "new_string is required for 'patch'. Use empty string to delete matched text.",
          );
        }
        result = await this.#patch(name, oldString, newString, filePath, args.replace_all === true);
        break;
      }
      case "delete":
        result = await this.#delete(name, text(args.absorbed_into));
        break;
      case "write_file": {
        if (!filePath)
          return failure(
            "file_path is required for 'write_file'. Example: 'references/api-guide.md'",
          );
        const fileContent = text(args.file_content);
        if (fileContent === undefined) return failure("file_content is required for 'write_file'.");
        result = await this.#writeFile(name, filePath, fileContent);
        break;
      }
      case "remove_file":
        if (!filePath) return failure("file_path is required for 'remove_file'.");
        result = await this.#removeFile(name, filePath);
        break;
      default:
        return failure(
          `Unknown action '${action}'. Use: create, edit, patch, delete, write_file, remove_file`,
        );
    }
    if (result.success === true) this.#index.invalidate();
    return result;
  }

  async #create(name: string, content: string, category: unknown): Promise<Result> {
    const error =
      validateName(name) ??
      validateCategory(category) ??
      validateSkillMarkdown(content) ??
      validateContentSize(content) ??
      injectionError(content);
    if (error !== undefined) return failure(error);
    const existing = await this.#find(name);
    if (existing !== undefined)
      return failure(`A skill named '${name}' already exists at ${existing}.`);
    const folder = typeof category === "string" ? category.trim() : "";
    const skillDir = path.join(this.#settings.localDir, ...(folder === "" ? [] : [folder]), name);
    const skillMd = path.join(skillDir, "SKILL.md");
    await writeFileAtomic(skillMd, content);
    return {
      success: true,
      message: `Skill '${name}' created.`,
      path: path.relative(this.#settings.localDir, skillDir).split(path.sep).join("/"),
      skill_md: skillMd,
      ...(folder === "" ? {} : { category: folder }),
      hint: `To add reference files, templates, or scripts, use skill_manage(action='write_file', name='${name}', file_path='references/example.md', file_content='...')`,
    };
  }

  async #edit(name: string, content: string): Promise<Result> {
    const error =
      validateSkillMarkdown(content) ?? validateContentSize(content) ?? injectionError(content);
    if (error !== undefined) return failure(error);
    const skillDir = await this.#find(name);
    if (skillDir === undefined) return failure(this.#notFound(name));
    await writeFileAtomic(path.join(skillDir, "SKILL.md"), content);
    return { success: true, message: `Skill '${name}' updated (full rewrite).`, path: skillDir };
  }

  async #patch(
    name: string,
    oldString: string,
    newString: string,
    filePath: string | undefined,
    replaceAll: boolean,
  ): Promise<Result> {
    const skillDir = await this.#find(name);
    if (skillDir === undefined) return failure(this.#notFound(name));
    let target = path.join(skillDir, "SKILL.md");
    const label = filePath && !isSkillMdPath(filePath) ? filePath : "SKILL.md";
    if (filePath && !isSkillMdPath(filePath)) {
      const pathError = validateFilePath(filePath);
      if (pathError !== undefined) return failure(pathError);
      target = path.resolve(skillDir, filePath);
      const escape = await validateWithinDir(target, skillDir);
      if (escape !== undefined) return failure(escape);
    }
    let current: string;
    try {
      current = await readFile(target, "utf8");
    } catch {
      return failure(
        `File not found: ${path.relative(skillDir, target).split(path.sep).join("/")}`,
      );
    }
    const count = current.split(oldString).length - 1;
    const preview = current.length > 500 ? `${current.slice(0, 500)}...` : current;
    if (count === 0) {
      return failure(
        `Could not find old_string in ${label}. Check the exact text (whitespace and indentation included) with skill_view first.`,
        { file_preview: preview },
      );
    }
    if (count > 1 && !replaceAll) {
      return failure(
        `Found ${String(count)} matches for old_string in ${label}. Include more surrounding context to make it unique, or pass replace_all=true.`,
        { file_preview: preview },
      );
    }
    const updated = replaceAll
      ? current.split(oldString).join(newString)
      : current.replace(oldString, () => newString);
    const sizeError = validateContentSize(updated, label);
    if (sizeError !== undefined) return failure(sizeError);
    if (label === "SKILL.md") {
      const structure = validateSkillMarkdown(updated);
      if (structure !== undefined)
        return failure(`Patch would break SKILL.md structure: ${structure}`);
    }
    const injection = injectionError(newString, "Patch");
    if (injection !== undefined) return failure(injection);
    await writeFileAtomic(target, updated);
    const replaced = replaceAll ? count : 1;
    return {
      success: true,
      message: `Patched ${label} in skill '${name}' (${String(replaced)} replacement${replaced > 1 ? "s" : ""}).`,
    };
  }

  async #delete(name: string, absorbedInto: string | undefined): Promise<Result> {
    const skillDir = await this.#find(name);
    if (skillDir === undefined) return failure(this.#notFound(name));
    const umbrella = absorbedInto?.trim() ?? "";
    if (umbrella !== "") {
      if (umbrella === name)
        return failure(`absorbed_into='${umbrella}' cannot equal the skill being deleted.`);
      if ((await this.#find(umbrella)) === undefined) {
        return failure(
          `absorbed_into='${umbrella}' does not exist. Create or patch the umbrella skill first, then retry the delete.`,
        );
      }
    }
    const roots = this.#writableRoots();
    const unsafe = await deleteTargetError(skillDir, roots);
    if (unsafe !== undefined) return failure(unsafe);
    await removeTree(skillDir);
    const parent = path.dirname(skillDir);
    if (!roots.includes(parent)) await removeIfEmpty(parent);
    this.#settings.passthrough?.remove?.(name);
    const absorbed = umbrella === "" ? "" : ` Content absorbed into '${umbrella}'.`;
    return { success: true, message: `Skill '${name}' deleted.${absorbed}` };
  }

  async #writeFile(name: string, filePath: string, fileContent: string): Promise<Result> {
    const pathError = validateFilePath(filePath);
    if (pathError !== undefined) return failure(pathError);
    const bytes = Buffer.byteLength(fileContent, "utf8");
    if (bytes > MAX_SKILL_FILE_BYTES) {
      const fmt = (n: number) => n.toLocaleString("en-US");
      return failure(
        `File content is ${fmt(bytes)} bytes (limit: ${fmt(MAX_SKILL_FILE_BYTES)} bytes / 1 MiB). Consider splitting into smaller files.`,
      );
    }
    const main = isSkillMdPath(filePath);
    const contentError =
      validateContentSize(fileContent, filePath) ??
      (main ? validateSkillMarkdown(fileContent) : undefined) ??
      injectionError(fileContent, `File '${filePath}'`);
    if (contentError !== undefined) return failure(contentError);
    const skillDir = await this.#find(name);
    if (skillDir === undefined)
      return failure(this.#notFound(name, " Create it first with action='create'."));
    const target = main ? path.join(skillDir, "SKILL.md") : path.resolve(skillDir, filePath);
    const escape = await validateWithinDir(target, skillDir);
    if (escape !== undefined) return failure(escape);
    await writeFileAtomic(target, fileContent);
    return {
      success: true,
      message: `File '${filePath}' written to skill '${name}'.`,
      path: target,
    };
  }

  async #removeFile(name: string, filePath: string): Promise<Result> {
    const pathError = validateFilePath(filePath);
    if (pathError !== undefined) return failure(pathError);
    if (isSkillMdPath(filePath)) {
      return failure(
        "SKILL.md cannot be removed on its own; use action='delete' to remove the whole skill.",
      );
    }
    const skillDir = await this.#find(name);
    if (skillDir === undefined) return failure(this.#notFound(name));
    const target = path.resolve(skillDir, filePath);
    const escape = await validateWithinDir(target, skillDir);
    if (escape !== undefined) return failure(escape);
    const isFile = await stat(target).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!isFile) {
      const files = Object.entries(await availableFiles(skillDir))
        .filter(([group]) => group !== "other")
        .flatMap(([, list]) => list);
      return failure(`File '${filePath}' not found in skill '${name}'.`, {
        available_files: files.length > 0 ? files : null,
      });
    }
    await unlink(target);
    if (path.dirname(target) !== skillDir) await removeIfEmpty(path.dirname(target));
    return { success: true, message: `File '${filePath}' removed from skill '${name}'.` };
  }
}
