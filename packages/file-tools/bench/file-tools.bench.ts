import { runSuite } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import {
  createTerminalRuntime,
  resolveTerminalOptions,
  type TerminalRuntime,
} from "@hermes-agent/terminal";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { registerFileTools, type FileTools } from "../src/index.js";

interface Setup {
  readonly registry: ToolRegistry;
  readonly tools: FileTools;
  readonly runtime: TerminalRuntime;
  readonly dir: string;
}

const setups: Setup[] = [];

function setUp(searchEngine: "auto" | "ripgrep" | "node" = "auto"): Setup {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hermes-file-tools-bench-"));
  const runtime = createTerminalRuntime({
    settings: resolveTerminalOptions({ config: { terminal: { cwd: dir } } }),
    approval: () => Promise.resolve({ approved: true, message: null }),
  });
  const registry = new ToolRegistry({ logger: silentLogger, hermesHome: dir });
  const tools = registerFileTools(registry, { terminal: runtime, hermesHome: dir, searchEngine });
  const setup = { registry, tools, runtime, dir };
  setups.push(setup);
  return setup;
}

async function tearDown(): Promise<void> {
  for (const { runtime, dir } of setups.splice(0)) {
    await runtime.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function call(setup: Setup, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await setup.registry.dispatch(name, args);
  if (typeof result !== "string" || result.startsWith('{"error"'))
    throw new Error(`${name} failed: ${String(result)}`);
  return result;
}

/** 20 000 source files in 200 directories; one line in every 1 000th file mentions the needle. */
function sourceTree(dir: string): void {
  for (let d = 0; d < 200; d++) {
    const sub = path.join(dir, `pkg${d}`, "src");
    mkdirSync(sub, { recursive: true });
    for (let f = 0; f < 100; f++) {
      const n = d * 100 + f;
      const body = Array.from({ length: 20 }, (_, i) => `export const value${i} = ${n + i};`);
      if (n % 1000 === 0) body.push("// needle_marker here");
      writeFileSync(path.join(sub, `file${f}.ts`), `${body.join("\n")}\n`);
    }
  }
}

/** Replace one line of a 10 000-function file and back; .py files also get a python3 syntax check. */
const patchCase = (extension: "ts" | "py", budgetUs: number | undefined) => ({
  name: `patch replace in a 10 000-line .${extension} file (local backend${extension === "py" ? ", with the python3 syntax check" : ""})`,
  ...(budgetUs === undefined ? { samples: 7, sampleTimeMs: 1, warmup: 1 } : { budgetUs }),
  setup: () => {
    const setup = setUp();
    const file = `big.${extension}`;
    const lines = Array.from({ length: extension === "py" ? 5_000 : 3_334 }, (_, i) =>
      extension === "py"
        ? `def function_${i}(x):\n    return x + ${i}`
        : `function f${i}(x) {\n  return x + ${i};`,
    );
    writeFileSync(
      path.join(setup.dir, file),
      `${lines.join(extension === "py" ? "\n" : "\n}\n")}\n`,
    );
    let flip = false;
    return () => {
      flip = !flip;
      return call(setup, "patch", {
        mode: "replace",
        path: file,
        old_string: flip ? "x + 2500" : "x + 2499 + 1",
        new_string: flip ? "x + 2499 + 1" : "x + 2500",
      });
    };
  },
  teardown: tearDown,
});

const searchCase = (engine: "ripgrep" | "node", budgetUs: number) => ({
  name: `search_files over 20 000 files (${engine})`,
  budgetUs,
  samples: 7,
  sampleTimeMs: 1,
  warmup: 1,
  setup: () => {
    const setup = setUp(engine);
    sourceTree(setup.dir);
    return () => {
      setup.tools.notifyOtherToolCall();
      return call(setup, "search_files", { pattern: "needle_marker", path: "." });
    };
  },
  teardown: tearDown,
});

await runSuite("file-tools", [
  {
    name: "read_file of a 2 000-line file (local backend)",
    budgetUs: 2000,
    setup: () => {
      const setup = setUp();
      const lines = Array.from(
        { length: 2000 },
        (_, i) => `  const line${i} = compute(${i}, "text");`,
      );
      writeFileSync(path.join(setup.dir, "big.ts"), `${lines.join("\n")}\n`);
      return () => {
        setup.tools.resetReadDedup();
        setup.tools.notifyOtherToolCall();
        return call(setup, "read_file", { path: "big.ts" });
      };
    },
    teardown: tearDown,
  },
  patchCase("ts", 5000),
  patchCase("py", undefined),
  searchCase("ripgrep", 300_000),
  searchCase("node", 1_500_000),
]);
