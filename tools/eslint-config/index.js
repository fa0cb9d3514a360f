// Shared ESLint flat config for every workspace project.
import js from "@eslint/js";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import { dependencyDirection } from "./rules/dependency-direction.js";

const hermesPlugin = { rules: { "dependency-direction": dependencyDirection } };

/**
 * @param {{ tsconfigRootDir: string }} options
 * @returns {import("eslint").Linter.Config[]}
 */
export function defineRepoConfig({ tsconfigRootDir }) {
  return /** @type {import("eslint").Linter.Config[]} */ ([
    {
      ignores: [
        "**/dist/**",
        "**/node_modules/**",
        "**/.nx/**",
        "**/bench-results/**",
        "**/fixtures/**",
        "**/*.d.ts",
      ],
    },
    js.configs.recommended,
    { languageOptions: { globals: { ...globals.node } } },
    ...tseslint.configs.recommended,
    {
      plugins: { hermes: hermesPlugin, "import-x": importX },
      rules: {
        "hermes/dependency-direction": "error",
        "import-x/no-cycle": ["error", { ignoreExternal: true }],
      },
    },
    {
      files: ["**/*.ts", "**/*.mts"],
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir },
      },
      rules: {
        "@typescript-eslint/no-floating-promises": "error",
        "@typescript-eslint/no-misused-promises": "error",
        "@typescript-eslint/await-thenable": "error",
        "@typescript-eslint/no-unnecessary-condition": [
          "error",
          { allowConstantLoopConditions: true },
        ],
        "@typescript-eslint/consistent-type-imports": "error",
        "@typescript-eslint/no-unused-vars": [
          "error",
          { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
        ],
        "import-x/no-default-export": "error",
        "no-console": "error",
      },
    },
    {
      files: ["**/test/**", "**/bench/**", "**/bin/**", "**/*.config.*", "**/scripts/**"],
      rules: {
        "no-console": "off",
        "import-x/no-default-export": "off",
        "@typescript-eslint/no-unnecessary-condition": "off",
      },
    },
  ]);
}
