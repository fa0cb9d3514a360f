// Run with: node --test (the package's test script).
import { describe, it } from "node:test";
import { RuleTester } from "eslint";
import { dependencyDirection } from "./dependency-direction.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: "module" } });
const file = (pkg, rel = "src/index.ts") => `/repo/packages/${pkg}/${rel}`;

tester.run("dependency-direction", dependencyDirection, {
  valid: [
    { filename: file("toolsets"), code: `import { registry } from "@hermes-agent/registry";` },
    {
      filename: file("terminal"),
      code: `import { loadConfig } from "@hermes-agent/config"; import { x } from "@hermes-agent/approval";`,
    },
    { filename: file("hermes-agent"), code: `export { registry } from "@hermes-agent/registry";` },
    {
      filename: file("registry"),
      code: `import { z } from "zod"; import { helper } from "./helper.js";`,
    },
    {
      filename: file("mcp"),
      code: `import { Client } from "@modelcontextprotocol/sdk/client/index.js";`,
    },
    {
      filename: "/repo/plugins/hello/src/index.ts",
      code: `import { registry } from "@hermes-agent/registry";`,
    },
    {
      filename: file("registry", "test/a.test.ts"),
      code: `import { createTempDir } from "@hermes-agent/test-utils";`,
    },
  ],
  invalid: [
    {
      filename: file("registry"),
      code: `import { TOOLSETS } from "@hermes-agent/toolsets";`,
      errors: [{ messageId: "upward" }],
    },
    {
      filename: file("config"),
      code: `export { registry } from "@hermes-agent/registry";`,
      errors: [{ messageId: "upward" }],
    },
    {
      filename: file("approval"),
      code: `const t = await import("@hermes-agent/terminal");`,
      errors: [{ messageId: "upward" }],
    },
    {
      filename: file("toolsets"),
      code: `import { runtime } from "hermes-agent";`,
      errors: [{ messageId: "upward" }],
    },
    {
      filename: file("web-tools"),
      code: `import { x } from "@hermes-agent/skills";`,
      errors: [{ messageId: "upward" }],
    },
    {
      filename: file("terminal"),
      code: `import { x } from "../../registry/src/index.js";`,
      errors: [{ messageId: "crossRelative" }],
    },
    {
      filename: file("registry"),
      code: `import { x } from "@hermes-agent/registry";`,
      errors: [{ messageId: "self" }],
    },
  ],
});
