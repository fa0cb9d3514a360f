import { runSuite } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { registerBrowserTools, type BrowserToolsHandle } from "../src/index.js";
import { startSiteServer, type SiteServer } from "../test/helpers/site-server.js";

const site: SiteServer = await startSiteServer();
const config = { browser: { allow_private_urls: true } };

function browser(): { registry: ToolRegistry; handle: BrowserToolsHandle } {
  const registry = new ToolRegistry({ logger: silentLogger });
  const handle = registerBrowserTools(registry, { config, logger: silentLogger });
  return { registry, handle };
}

let warm: { registry: ToolRegistry; handle: BrowserToolsHandle } | undefined;
let task = 0;

await runSuite("browser tools", [
  {
    name: "warm browser_snapshot of a 2000-element page",
    budgetUs: 150_000,
    samples: 15,
    setup: async () => {
      warm = browser();
      await warm.registry.dispatch(
        "browser_navigate",
        { url: `${site.origin}/big?n=2000` },
        { taskId: "w" },
      );
      return () => warm?.registry.dispatch("browser_snapshot", {}, { taskId: "w" });
    },
    teardown: () => warm?.handle.close(),
  },
  {
    name: "first browser_navigate of a task, browser launch included",
    budgetUs: 1_500_000,
    samples: 5,
    setup: () => async () => {
      const cold = browser();
      task += 1;
      await cold.registry.dispatch(
        "browser_navigate",
        { url: `${site.origin}/one` },
        { taskId: `c${String(task)}` },
      );
      await cold.handle.close();
    },
  },
]);
await site.close();
