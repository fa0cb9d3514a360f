import { definePackageConfig } from "@hermes-agent/vitest-config";
import type { ViteUserConfig } from "vitest/config";

const config: ViteUserConfig = definePackageConfig();

export default config;
