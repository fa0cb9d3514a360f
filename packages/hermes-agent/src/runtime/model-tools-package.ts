import { isModelEndpoint, resolveModelEndpoint } from "../agent/model-endpoint.js";
import { defineToolPackage, type ToolPackage } from "./tool-package.js";

/**
 * The model-backed tools: vision_analyze, image_generate and mixture_of_agents. Routes set to
 * `auto`/`main` use the runtime's own model endpoint; each tool is offered only while its
 * requirement is met, and the reasons of the unavailable ones are logged.
 */
export const MODEL_TOOLS_PACKAGE: ToolPackage = defineToolPackage({
  name: "@hermes-agent/model-tools",
  load: () => import("@hermes-agent/model-tools"),
  register: (models, ctx) => {
    const handle = models.registerModelTools(ctx.registry, {
      config: () => ctx.configSource.readSync(),
      env: ctx.env,
      hermesHome: ctx.hermesHome,
      logger: ctx.logger,
      mainModel: () => {
        const endpoint = resolveModelEndpoint(ctx.configSource.readSync(), ctx.env);
        return isModelEndpoint(endpoint)
          ? { baseURL: endpoint.baseURL, apiKey: endpoint.apiKey, model: endpoint.model }
          : undefined;
      },
    });
    for (const [tool, reason] of Object.entries(handle.unavailableReasons())) {
      if (reason !== undefined) ctx.logger.info(`${tool} unavailable: ${reason}`);
    }
  },
});
