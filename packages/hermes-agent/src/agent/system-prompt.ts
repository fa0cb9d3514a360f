import type { ToolRegistry } from "@hermes-agent/registry";
import type { AgentSession } from "../agent-tools/agent-session.js";

/** Most skills named in the system prompt; the model lists the rest with `skills_list`. */
const MAX_PROMPT_SKILLS = 40;
const MAX_SKILL_DESCRIPTION = 120;

/** Skill names and descriptions from the `skills_list` tool, when the runtime has it. */
async function skillIndex(registry: ToolRegistry, offered: ReadonlySet<string>): Promise<string> {
  if (!offered.has("skills_list") || !registry.hasTool("skills_list")) return "";
  let parsed: { skills?: Array<{ name?: unknown; description?: unknown }> };
  try {
    const output = await registry.dispatch("skills_list", {});
    parsed = JSON.parse(typeof output === "string" ? output : "{}") as typeof parsed;
  } catch {
    return "";
  }
  const skills = (parsed.skills ?? []).filter(
    (skill): skill is { name: string; description?: unknown } => typeof skill.name === "string",
  );
  if (skills.length === 0) return "";
  const lines = skills.slice(0, MAX_PROMPT_SKILLS).map((skill) => {
    const description =
      typeof skill.description === "string"
        ? skill.description.slice(0, MAX_SKILL_DESCRIPTION)
        : "";
    return description === "" ? `- ${skill.name}` : `- ${skill.name}: ${description}`;
  });
  const more =
    skills.length > MAX_PROMPT_SKILLS
      ? `\n(${skills.length - MAX_PROMPT_SKILLS} more: use skills_list)`
      : "";
  return `## Skills\nLoad a skill's instructions with skill_view(name) before doing work it covers.\n${lines.join("\n")}${more}`;
}

/** Options of {@link buildSystemPrompt}. */
export interface SystemPromptInput {
  readonly session: AgentSession;
  readonly registry: ToolRegistry;
  /** Names of the tools offered this run. */
  readonly offered: ReadonlySet<string>;
  readonly cwd: string;
  /** Text that replaces the identity paragraph. */
  readonly identity?: string | undefined;
  readonly now?: Date;
}

/**
 * The system prompt of a run, built as Hermes builds it and kept short: who the agent is, the
 * working directory and date, the session's frozen memory snapshot, and the skill index (names
 * and descriptions only).
 */
export async function buildSystemPrompt(input: SystemPromptInput): Promise<string> {
  const parts: string[] = [
    input.identity ??
      "You are Hermes, an agent that gets things done with tools. Work step by step, check results " +
        "before relying on them, and say plainly what you did and what you could not do.",
    `Working directory: ${input.cwd}\nCurrent date: ${(input.now ?? new Date()).toISOString().slice(0, 10)}`,
  ];
  const memory = input.session.memoryPrompt();
  if (memory !== "") parts.push(`## Memory\n${memory}`);
  const skills = await skillIndex(input.registry, input.offered);
  if (skills !== "") parts.push(skills);
  return parts.join("\n\n");
}
