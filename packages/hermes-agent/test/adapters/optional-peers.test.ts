import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

const FRAMEWORKS = ["ai", "@openai/agents", "@langchain/core"] as const;
const ENTRIES: Record<string, (typeof FRAMEWORKS)[number]> = {
  "ai-sdk": "ai",
  "openai-agents": "@openai/agents",
  langchain: "@langchain/core",
};

function read(relative: string): string {
  return readFileSync(new URL(relative, import.meta.url), "utf8");
}

/** The bare package names a source file imports. */
function importedPackages(source: string): string[] {
  const names = [...source.matchAll(/from "([^".][^"]*)"/g)].map((m) => m[1] ?? "");
  return names.map((name) => {
    const parts = name.split("/");
    return name.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? name);
  });
}

describe("framework adapters as optional peers", () => {
  test("each framework is an optional peer, never a dependency", () => {
    const manifest = JSON.parse(read("../../package.json")) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
      exports: Record<string, unknown>;
    };
    for (const framework of FRAMEWORKS) {
      expect(manifest.dependencies[framework]).toBeUndefined();
      expect(manifest.peerDependencies[framework]).toBeDefined();
      expect(manifest.peerDependenciesMeta[framework]?.optional).toBe(true);
    }
    expect(manifest.peerDependencies.ai).toBe("^6.0.0 || ^7.0.0");
    for (const entry of Object.keys(ENTRIES)) expect(manifest.exports[`./${entry}`]).toBeDefined();
  });

  test("each adapter imports its own framework only, and the main entry none", () => {
    for (const [entry, framework] of Object.entries(ENTRIES)) {
      const imported = importedPackages(read(`../../src/adapters/${entry}.ts`));
      expect(imported).toContain(framework);
      for (const other of FRAMEWORKS.filter((f) => f !== framework))
        expect(imported).not.toContain(other);
    }
    const shared = importedPackages(read("../../src/adapters/adapter-tools.ts"));
    const main = importedPackages(read("../../src/index.ts"));
    for (const framework of FRAMEWORKS) {
      expect(shared).not.toContain(framework);
      expect(main).not.toContain(framework);
    }
  });
});
