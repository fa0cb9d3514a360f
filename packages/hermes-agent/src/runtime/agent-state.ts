import path from "node:path";
import type { HermesConfig } from "@hermes-agent/config";
import { ConcurrencyLimit } from "../agent-tools/concurrency-limit.js";
import type { DelegationOptions } from "../agent-tools/delegate-types.js";
import { MemoryStore } from "../agent-tools/memory-store.js";
import { SessionStore } from "../sessions/session-store.js";

/** The state behind the agent-loop tools that a runtime's sessions share. */
export interface AgentState {
  readonly memory: MemoryStore;
  readonly sessions: SessionStore;
  readonly delegation: Required<DelegationOptions>;
  readonly delegationLimit: ConcurrencyLimit;
}

/** Memory under `<home>/memories`, sessions under `<home>/sessions`, delegation limits. */
export function createAgentState(input: {
  readonly hermesHome: string;
  readonly config: HermesConfig;
  readonly delegation?: DelegationOptions;
}): AgentState {
  const delegation: Required<DelegationOptions> = {
    maxConcurrent: input.delegation?.maxConcurrent ?? 3,
    maxDepth: input.delegation?.maxDepth ?? 2,
    childTimeoutMs: input.delegation?.childTimeoutMs ?? 600_000,
    defaultMaxIterations: input.delegation?.defaultMaxIterations ?? 50,
  };
  return {
    memory: new MemoryStore({
      directory: path.join(input.hermesHome, "memories"),
      limits: memoryLimitsOf(input.config),
    }),
    sessions: new SessionStore(path.join(input.hermesHome, "sessions")),
    delegation,
    delegationLimit: new ConcurrencyLimit(delegation.maxConcurrent),
  };
}

/** `memory.memory_char_limit` / `memory.user_char_limit` of config.yaml, when set. */
function memoryLimitsOf(config: HermesConfig): { memory?: number; user?: number } {
  const section = (config as Readonly<Record<string, unknown>>).memory;
  if (typeof section !== "object" || section === null) return {};
  const read = (key: string): number | undefined => {
    const value = Number((section as Record<string, unknown>)[key]);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const memoryLimit = read("memory_char_limit");
  const userLimit = read("user_char_limit");
  return {
    ...(memoryLimit === undefined ? {} : { memory: memoryLimit }),
    ...(userLimit === undefined ? {} : { user: userLimit }),
  };
}
