import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ApprovalPromptFunction } from "../runtime/runtime-options.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { out, preview, type CliIo } from "./cli-io.js";

/** One step of the demonstration: a real tool call through the full pipeline. */
interface DemoStep {
  readonly title: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** What the reader should see in the result. */
  readonly expect: string;
}

function stepsFor(runtime: HermesRuntime, dir: string): DemoStep[] {
  const steps: DemoStep[] = [
    {
      title: "a terminal command",
      tool: "terminal",
      args: { command: "uname -sr && ls -R", workdir: dir },
      expect: "the kernel and the files of the demo directory",
    },
  ];
  if (runtime.registry.hasTool("search_files")) {
    steps.push({
      title: "a file search",
      tool: "search_files",
      args: { pattern: "needle", path: dir },
      expect: "the line of notes/today.md that mentions the needle",
    });
  }
  if (runtime.registry.hasTool("execute_code")) {
    steps.push({
      title: "an execute_code script calling a tool",
      tool: "execute_code",
      args: {
        code:
          "from hermes_tools import terminal\n" +
          'result = terminal("echo scripted hello")\n' +
          'print("the script saw:", result["output"].strip())\n',
      },
      expect: "only what the script printed",
    });
  }
  steps.push({
    title: "a dangerous command: approval asks, and the answer is no",
    tool: "terminal",
    args: { command: `rm -rf ${path.join(dir, "notes")}`, workdir: dir },
    expect: "the approval prompt is asked, the demo answers deny: status blocked, nothing deleted",
  });
  return steps;
}

/**
 * Real tool calls through `handleFunctionCall` in a scratch directory: the terminal, a file
 * search, an execute_code script (when those packages are installed), and a dangerous command
 * that approval refuses. Prints each call and its result.
 */
export async function runDemo(io: CliIo, runtime: HermesRuntime): Promise<boolean> {
  const dir = await mkdtemp(path.join(tmpdir(), "hermes-agent-demo-"));
  let allAsExpected = true;
  try {
    await mkdir(path.join(dir, "notes"));
    await writeFile(
      path.join(dir, "notes", "today.md"),
      "# Today\n- water the plants\n- find the needle in the haystack\n",
    );
    for (const step of stepsFor(runtime, dir)) {
      out(io, `\n▶ ${step.title}`);
      out(io, `  ${runtime.registry.getEmoji(step.tool)} ${step.tool} ${preview(step.args, 100)}`);
      const result = await runtime.handleFunctionCall(step.tool, step.args, {
        origin: "cli",
        taskId: "demo",
      });
      out(io, `  ← ${preview(result, 300)}`);
      out(io, `  (expected: ${step.expect})`);
      if (step.tool === "terminal" && step.title.startsWith("a dangerous")) {
        allAsExpected &&=
          result.includes('"status":"blocked"') && existsSync(path.join(dir, "notes", "today.md"));
      } else {
        allAsExpected &&= !/"(error|status)":\s*"(error|blocked)"|^\s*\{\s*"error"/.test(result);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return allAsExpected;
}

/**
 * The demo's approver: it stands where a person would answer the approval prompt, shows the
 * question, and always answers "deny", so the dangerous step is refused by the real flow.
 */
export function demoApprover(io: CliIo): ApprovalPromptFunction {
  return (request) => {
    out(io, `  ⚠️  approval asked: ${request.description}: ${request.command}`);
    out(io, "      [o]nce | [s]ession | [a]lways | [d]eny → the demo answers: deny");
    return Promise.resolve("deny");
  };
}

/** What to set to give the agent a model. */
export function printModelHowTo(io: CliIo): void {
  out(io, "\nTo run the agent, point it at any OpenAI-compatible endpoint:");
  out(
    io,
    "  hermes-agent config set model.base_url http://127.0.0.1:11434/v1   # or OPENAI_BASE_URL",
  );
  out(io, "  hermes-agent config set model.default <model-name>");
  out(io, "  export OPENAI_API_KEY=<key>        # or OPENROUTER_API_KEY, or model.api_key_env");
  out(io, 'then: hermes-agent chat   (interactive)   or   hermes-agent run "<prompt>"');
}
