import type { ToolSpec } from "@hermes-agent/registry";
import { helloWorldTool } from "./hello-world-tool.js";

/** The part of the plugin context this plugin uses: a way to register tools. */
export interface HelloWorldPluginContext {
  registerTool(spec: ToolSpec<never>): void;
}

/** Plugin entry point: the plugin loader calls it with a context bound to one registry. */
export function register(ctx: HelloWorldPluginContext): void {
  ctx.registerTool(helloWorldTool as ToolSpec<never>);
}
