import { definePackageConfig } from "@hermes-agent/vitest-config";

export default definePackageConfig();
