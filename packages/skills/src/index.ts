// Anything exported here is public API of @hermes-agent/skills: change it only in a major version.
export { VERSION } from "./version.js";
export { registerSkillsTools, SKILLS_TOOLSET } from "./register-skills-tools.js";
export type { SkillsTools } from "./register-skills-tools.js";
export type {
  EnvSource,
  SkillsConfigInput,
  SkillsConfigSection,
  SkillsToolsDeps,
} from "./skills-settings.js";
export { SkillEnvPassthrough } from "./env-passthrough.js";
export type { SkillEnvPassthroughSink } from "./env-passthrough.js";
export { parseSkillText, MAX_NAME_LENGTH, MAX_DESCRIPTION_LENGTH } from "./skill-frontmatter.js";
export type { ParsedSkillText } from "./skill-frontmatter.js";
export { findInjectionPatterns } from "./injection-scan.js";
export { SKILLS_CACHE_TTL_MS } from "./skill-index.js";
