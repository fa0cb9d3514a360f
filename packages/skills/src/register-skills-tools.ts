import type { JsonSchema, ToolCallContext, ToolRegistry } from "@hermes-agent/registry";
import { SkillIndex } from "./skill-index.js";
import type { SkillManageArgs } from "./skill-manage.js";
import { json } from "./skill-results.js";
import { SkillsSettings, type SkillsToolsDeps } from "./skills-settings.js";

/** Toolset the skills tools belong to. */
export const SKILLS_TOOLSET = "skills";

const SKILLS_CATEGORIES_PARAMETERS: JsonSchema = { type: "object", properties: {}, required: [] };

const SKILLS_LIST_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    category: { type: "string", description: "Optional category filter to narrow results" },
  },
  required: [],
};

const SKILL_VIEW_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    name: {
      type: "string",
      description: "The skill name (use skills_list to see available skills).",
    },
    file_path: {
      type: "string",
      description:
        "OPTIONAL: Path to a linked file within the skill (e.g., 'references/api.md', 'templates/config.yaml', 'scripts/validate.py'). Omit to get the main SKILL.md content.",
    },
  },
  required: ["name"],
};

const SKILL_MANAGE_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    action: {
      type: "string",
      enum: ["create", "patch", "edit", "delete", "write_file", "remove_file"],
      description: "The action to perform.",
    },
    name: {
      type: "string",
      description:
        "Skill name (lowercase, hyphens/underscores, max 64 chars). Must match an existing skill for patch/edit/delete/write_file/remove_file.",
    },
    content: {
      type: "string",
      description:
        "Full SKILL.md content (YAML frontmatter + markdown body). Required for 'create' and 'edit'. For 'edit', read the skill first with skill_view() and provide the complete updated text.",
    },
    old_string: {
      type: "string",
      description:
        "Text to find in the file (required for 'patch'). Must be unique unless replace_all=true.",
    },
    new_string: {
      type: "string",
      description:
        "Replacement text (required for 'patch'). Can be empty string to delete the matched text.",
    },
    replace_all: {
      type: "boolean",
      description:
        "For 'patch': replace all occurrences instead of requiring a unique match (default: false).",
    },
    category: {
      type: "string",
      description:
        "Optional category/domain for organizing the skill (e.g., 'devops'). Only used with 'create'.",
    },
    file_path: {
      type: "string",
      description:
        "Path to a supporting file within the skill directory. For 'write_file'/'remove_file': required, must be under references/, templates/, scripts/, or assets/. For 'patch': optional, defaults to SKILL.md if omitted.",
    },
    file_content: {
      type: "string",
      description: "Content for the file. Required for 'write_file'.",
    },
    absorbed_into: {
      type: "string",
      description:
        "For 'delete' only: the umbrella skill this one was merged into (it must exist), or an empty string when the skill is pruned.",
    },
  },
  required: ["action", "name"],
};

/** The skills tools' shared state, exposed for the runtime and tests. */
export interface SkillsTools {
  /** Forget the cached listing (it also expires after 30 s, or when a skills folder changes). */
  invalidate(): void;
}

function guarded(run: () => Promise<string>): Promise<string> {
  return run().catch((error: unknown) =>
    json({ error: error instanceof Error ? error.message : String(error), success: false }),
  );
}

/**
 * Register skills_categories, skills_list, skill_view (📚) and skill_manage (📝), toolset
 * `skills`, in `registry`. Skills are read from `HERMES_HOME/skills`, the project skill folders
 * and `skills.external_dirs`.
 */
export function registerSkillsTools(
  registry: ToolRegistry,
  deps: SkillsToolsDeps = {},
): SkillsTools {
  const settings = new SkillsSettings(deps);
  const index = new SkillIndex({
    roots: () => settings.roots(),
    logger: settings.logger,
    ...(settings.cacheTtlMs === undefined ? {} : { ttlMs: settings.cacheTtlMs }),
  });
  // Each tool's implementation loads at its first call; registering loads only the index.
  registry.register({
    name: "skills_categories",
    toolset: SKILLS_TOOLSET,
    schema: {
      description:
        "List skill categories with their skill counts and descriptions. Use skills_list(category) to see the skills of a relevant category.",
      parameters: SKILLS_CATEGORIES_PARAMETERS,
    },
    handler: () =>
      guarded(async () => (await import("./skill-listing.js")).listCategories(index, settings)),
    emoji: "📚",
  });
  registry.register({
    name: "skills_list",
    toolset: SKILLS_TOOLSET,
    schema: {
      description:
        "List available skills (name + description). Use skill_view(name) to load full content.",
      parameters: SKILLS_LIST_PARAMETERS,
    },
    handler: (args: Record<string, unknown>) =>
      guarded(async () =>
        (await import("./skill-listing.js")).listSkills(index, settings, args.category),
      ),
    emoji: "📚",
  });
  registry.register({
    name: "skill_view",
    toolset: SKILLS_TOOLSET,
    schema: {
      description:
        "Skills allow for loading information about specific tasks and workflows, as well as scripts and templates. Load a skill's full content or access its linked files (references, templates, scripts). First call returns SKILL.md content plus a 'linked_files' dict showing available references/templates/scripts. To access those, call again with file_path parameter.",
      parameters: SKILL_VIEW_PARAMETERS,
    },
    handler: (args: Record<string, unknown>) =>
      guarded(async () =>
        (await import("./skill-view.js")).viewSkill(
          args.name ?? "",
          args.file_path,
          index,
          settings,
        ),
      ),
    emoji: "📚",
  });
  registry.register({
    name: "skill_manage",
    toolset: SKILLS_TOOLSET,
    schema: {
      description:
        "Manage skills (create, update, delete). Skills are your procedural memory: reusable approaches for recurring task types. New skills go to HERMES_HOME/skills/; existing skills can be modified wherever they live.\n\nActions: create (full SKILL.md + optional category), patch (old_string/new_string, preferred for fixes), edit (full SKILL.md rewrite, major overhauls only), delete, write_file, remove_file.\n\nCreate when a complex task succeeded, errors were overcome, or the user asks you to remember a procedure. Update when instructions are stale or missing steps. Good skills: trigger conditions, numbered steps with exact commands, pitfalls, verification steps.",
      parameters: SKILL_MANAGE_PARAMETERS,
    },
    handler: (args: Record<string, unknown>, _ctx: ToolCallContext) =>
      guarded(async () => {
        const { SkillManager } = await import("./skill-manage.js");
        return json(await new SkillManager(settings, index).run(args as SkillManageArgs));
      }),
    emoji: "📝",
  });
  return { invalidate: () => index.invalidate() };
}
