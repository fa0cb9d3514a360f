import { definePackageConfig } from "@hermes-agent/vitest-config";
import type { ViteUserConfig } from "vitest/config";

// The memory soak tests force collections to measure what stays reachable.
const config: ViteUserConfig = definePackageConfig({ test: { execArgv: ["--expose-gc"] } });

export default config;
