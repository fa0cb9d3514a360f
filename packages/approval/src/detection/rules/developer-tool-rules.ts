// One entry point for the rules about what developer tools do beyond the project: publishing
// packages, images and releases; changing the user's global tool configuration or weakening its
// checks; writing dotfiles and tool configs that run code later; printing or sending stored
// credentials; and language toolchains that run code or drop databases.
import type { Script } from "@hermes-agent/shell";
import type { CommandRule, RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch, RuleInfo } from "../types.js";
import { PUBLISH_RULES } from "./publish-tables.js";
import { publishRules, secretPushMatch } from "./publish-rules.js";
import { installFeedRules } from "./install-feed-rules.js";
import { TOOL_CONFIG_RULES } from "./tool-config-tables.js";
import { PROJECT_HOOK_RULES, projectHookMatch } from "./project-hook-files.js";
import { TOOLCHAIN_RULES, toolchainRules } from "./toolchain-rules.js";
import { credentialSearchRules } from "./credential-search-rules.js";
import { toolConfigRules } from "./tool-config-rules.js";
import { GLOBAL_TOOLCHAIN_RULES, globalToolchainRules } from "./global-toolchain-rules.js";
import { COMPILED_CODE_RULES } from "./compiled-code.js";
import { userEnvironmentRules } from "./user-environment-rules.js";
import {
  TOOLCHAIN_STATE_RULES,
  redirectedPushMatch,
  toolchainStateRules,
} from "./toolchain-state-rules.js";

const LAYER_RULES: readonly CommandRule[] = [
  publishRules,
  toolConfigRules,
  installFeedRules,
  toolchainRules,
  credentialSearchRules,
  globalToolchainRules,
  userEnvironmentRules,
  toolchainStateRules,
];

/** Developer-tool rules for one resolved command layer. */
export const developerToolRules: CommandRule = (cmd, ctx) => {
  for (const check of LAYER_RULES) {
    const found = check(cmd, ctx);
    if (found !== null) return found;
  }
  return null;
};

/** Developer-tool rules over a whole script (a secret staged and then pushed, ...). */
export function developerToolScriptMatch(
  script: Script,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  return secretPushMatch(script) ?? redirectedPushMatch(script) ?? projectHookMatch(script, ctx);
}

/** Every rule the developer-tool checks can report. */
export const DEVELOPER_TOOL_RULES: Readonly<Record<string, RuleInfo>> = {
  ...PUBLISH_RULES,
  ...TOOL_CONFIG_RULES,
  ...PROJECT_HOOK_RULES,
  ...TOOLCHAIN_RULES,
  ...GLOBAL_TOOLCHAIN_RULES,
  ...COMPILED_CODE_RULES,
  ...TOOLCHAIN_STATE_RULES,
};
