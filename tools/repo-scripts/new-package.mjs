#!/usr/bin/env node
// Scaffold a publishable workspace package: `node tools/repo-scripts/new-package.mjs <folder> "<description>" [--dir packages|plugins] [--name npm-name]`.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dir: { type: "string", default: "packages" }, name: { type: "string" } },
});
const [folder, description = ""] = positionals;
if (!folder || !/^[a-z][a-z0-9-]*$/.test(folder)) {
  console.error(
    'usage: new-package.mjs <kebab-case-folder> "<description>" [--dir packages|plugins] [--name npm-name]',
  );
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, values.dir, folder);
if (existsSync(dir)) {
  console.error(`${path.relative(root, dir)} already exists; pick another folder name.`);
  process.exit(2);
}
const name = values.name ?? `@hermes-agent/${folder}`;
const write = (rel, text) => {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const VITEST_CONFIG = `import { definePackageConfig } from "@hermes-agent/vitest-config";
import type { ViteUserConfig } from "vitest/config";

const config: ViteUserConfig = definePackageConfig();

export default config;
`;
const VERSION_MODULE = `import { createRequire } from "node:module";

/** Version of this package, as published (read from its package.json). */
export const VERSION: string = (
  createRequire(import.meta.url)("../package.json") as { version: string }
).version;
`;
const VERSION_TEST = `import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { VERSION } from "../src/index.js";

test("VERSION is the version in package.json", () => {
  const manifest = JSON.parse(
    readFileSync(new URL("../package.json", import.meta.url), "utf8"),
  ) as { version: string };
  expect(VERSION).toBe(manifest.version);
});
`;
const json = (value) => JSON.stringify(value, null, 2) + "\n";

write(
  "package.json",
  json({
    name,
    version: "0.0.0",
    description,
    license: "MIT",
    type: "module",
    sideEffects: false,
    engines: { node: ">=20.19" },
    exports: {
      ".": {
        "@hermes-agent/source": "./src/index.ts",
        types: "./dist/index.d.ts",
        default: "./dist/index.js",
      },
      "./package.json": "./package.json",
    },
    files: ["dist", "!dist/**/*.map", "README.md"],
    publishConfig: { access: "public" },
    scripts: {
      build: "tsc -p tsconfig.build.json",
      typecheck: "tsc -p tsconfig.json",
      lint: "eslint .",
      test: "vitest run",
      "check-package": "publint --strict && attw --pack --profile esm-only",
    },
    devDependencies: {
      "@hermes-agent/tsconfig": "workspace:*",
      "@hermes-agent/vitest-config": "workspace:*",
    },
  }),
);
write(
  "tsconfig.json",
  json({ extends: "../../tools/tsconfig/library.json", include: ["src", "test", "bench", "*.ts"] }),
);
write(
  "tsconfig.build.json",
  json({
    extends: "../../tools/tsconfig/library-build.json",
    compilerOptions: { rootDir: "src", outDir: "dist" },
    include: ["src"],
  }),
);
write("vitest.config.ts", VITEST_CONFIG);
write("src/version.ts", VERSION_MODULE);
write("src/index.ts", `export { VERSION } from "./version.js";\n`);
write("test/index.test.ts", VERSION_TEST);
write("README.md", `# ${name}\n\n${description}\n`);
console.log(`created ${path.relative(root, dir)} (${name})`);
