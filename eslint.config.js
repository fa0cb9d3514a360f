import { defineRepoConfig } from "@hermes-agent/eslint-config";

export default defineRepoConfig({ tsconfigRootDir: import.meta.dirname });
