// Hermes' hook names and middleware kinds have one list, in @hermes-agent/plugin-loader; the
// runtime's hook bus checks against the same list plugins are told about.
export {
  HOOK_NAMES,
  MIDDLEWARE_KINDS,
  isHookName,
  isMiddlewareKind,
} from "@hermes-agent/plugin-loader";
export type { HookName, MiddlewareKind } from "@hermes-agent/plugin-loader";
