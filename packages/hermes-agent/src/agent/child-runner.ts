import type { ChildAgentRunner } from "../agent-tools/delegate-types.js";
import type { RunAgentOptions, RunAgentResult } from "./run-agent-types.js";

/**
 * The `delegate_task` runner built on the runtime's own agent loop: each child is a fresh run
 * with the goal and context as its prompt, its toolsets and blocked tools, its own task id.
 */
export function agentLoopChildRunner(
  runAgent: (options: RunAgentOptions) => Promise<RunAgentResult>,
): ChildAgentRunner {
  return async (task) => {
    const prompt =
      task.context === undefined ? task.goal : `${task.goal}\n\nContext:\n${task.context}`;
    const result = await runAgent({
      prompt,
      toolsets: task.toolsets,
      blockedTools: task.blockedTools,
      maxIterations: task.maxIterations,
      signal: task.signal,
      depth: task.depth,
      parentSessionId: task.parentSessionId,
      taskId: task.taskId,
      source: "delegate",
    });
    if (result.status === "failed") throw new Error(result.error ?? "the child agent failed");
    return {
      summary: result.finalText === "" ? `(the child stopped: ${result.status})` : result.finalText,
      status: result.status === "completed" ? "completed" : "failed",
      apiCalls: result.iterations,
    };
  };
}
