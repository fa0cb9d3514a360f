import { definePackageConfig } from "@hermes-agent/vitest-config";
import type { ViteUserConfig } from "vitest/config";

const config: ViteUserConfig = definePackageConfig();

// Vitest starts its workers with the SSR conditions as Node `--conditions`. "import" and
// "module" there make a CommonJS `require("ws")` (inside @daytonaio/sdk's isomorphic-ws) load
// the ESM build instead of the CommonJS one, so this package keeps only what it needs.
const conditions = ["@hermes-agent/source", "node"];
config.ssr = {
  ...config.ssr,
  resolve: { conditions, externalConditions: conditions },
};

export default config;
