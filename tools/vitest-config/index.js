// Shared vitest preset. Tests resolve sibling workspace packages through the
// "@hermes-agent/source" export condition, so they run against source without a build.
import { defineConfig, mergeConfig } from "vitest/config";

const SOURCE_CONDITION = "@hermes-agent/source";
const NODE_CONDITIONS = [SOURCE_CONDITION, "node", "import", "module", "default"];
// Vitest hands the SSR external conditions to Node as `--conditions`. "import" or "module" there
// would make every CommonJS `require()` of a dependency load its ESM build (isomorphic-ws inside
// @daytonaio/sdk breaks that way), so Node gets only what it does not infer itself.
const NODE_RUNTIME_CONDITIONS = [SOURCE_CONDITION, "node"];

/**
 * Build a package's vitest config.
 * @param {import("vitest/config").ViteUserConfig} [overrides]
 * @returns {import("vitest/config").ViteUserConfig}
 */
export function definePackageConfig(overrides = {}) {
  return mergeConfig(
    defineConfig({
      resolve: { conditions: NODE_CONDITIONS },
      ssr: {
        resolve: {
          conditions: NODE_RUNTIME_CONDITIONS,
          externalConditions: NODE_RUNTIME_CONDITIONS,
        },
      },
      test: {
        include: ["test/**/*.test.ts"],
        environment: "node",
        testTimeout: 20_000,
        hookTimeout: 60_000,
        pool: "forks",
        reporters: ["default"],
      },
    }),
    overrides,
  );
}
