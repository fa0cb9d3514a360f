import { randomBytes } from "node:crypto";
import type { ConcurrencyLimit } from "./concurrency-limit.js";
import type { ChildAgentRunner, ChildResult, ChildTask } from "./delegate-types.js";

/** Most tasks one `delegate_task` call may carry. */
export const MAX_TASKS_PER_CALL = 3;

/** What `delegate_task` needs from its session and runtime. */
export interface DelegateEnvironment {
  readonly runner: ChildAgentRunner | undefined;
  readonly limit: ConcurrencyLimit;
  readonly parentSessionId: string;
  readonly parentTaskId: string;
  /** Depth of the delegating agent (0 for the top level). */
  readonly depth: number;
  readonly maxDepth: number;
  readonly childTimeoutMs: number;
  readonly defaultMaxIterations: number;
  /** The parent's toolsets, used when a task names none. */
  readonly parentToolsets: readonly string[];
  readonly signal: AbortSignal | undefined;
}

interface TaskSpec {
  readonly goal: string;
  readonly context: string | undefined;
  readonly toolsets: readonly string[] | undefined;
}

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value.filter(
    (item): item is string => typeof item === "string" && item.trim() !== "",
  );
  return list.length === 0 ? undefined : list;
}

function parseTasks(args: Readonly<Record<string, unknown>>): TaskSpec[] | string {
  const specOf = (raw: Record<string, unknown>): TaskSpec | undefined => {
    const goal = typeof raw.goal === "string" ? raw.goal.trim() : "";
    if (goal === "") return undefined;
    return {
      goal,
      context:
        typeof raw.context === "string" && raw.context.trim() !== "" ? raw.context : undefined,
      toolsets: stringList(raw.toolsets),
    };
  };
  if (Array.isArray(args.tasks) && args.tasks.length > 0) {
    if (args.tasks.length > MAX_TASKS_PER_CALL) {
      return `At most ${MAX_TASKS_PER_CALL} tasks per call, got ${args.tasks.length}. Split the work or run the rest afterwards.`;
    }
    const specs: TaskSpec[] = [];
    for (const [index, raw] of args.tasks.entries()) {
      const spec =
        typeof raw === "object" && raw !== null
          ? specOf(raw as Record<string, unknown>)
          : undefined;
      if (spec === undefined) return `tasks[${index}] needs a non-empty 'goal'.`;
      specs.push(spec);
    }
    return specs;
  }
  const single = specOf(args as Record<string, unknown>);
  return single === undefined
    ? "Give a 'goal' (or a 'tasks' list), saying what the child must achieve."
    : [single];
}

async function runChild(
  env: DelegateEnvironment,
  runner: ChildAgentRunner,
  task: Omit<ChildTask, "signal">,
  index: number,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const controller = new AbortController();
  const state = { timedOut: false };
  const timer = setTimeout(() => {
    state.timedOut = true;
    controller.abort(new Error("child agent timed out"));
  }, env.childTimeoutMs);
  timer.unref();
  const onParentAbort = (): void => controller.abort(env.signal?.reason);
  env.signal?.addEventListener("abort", onParentAbort, { once: true });
  const seconds = (): number => Math.round((performance.now() - started) / 10) / 100;
  try {
    const result: ChildResult = await Promise.race([
      runner({ ...task, signal: controller.signal }),
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener(
          "abort",
          () => reject(controller.signal.reason as Error),
          {
            once: true,
          },
        ),
      ),
    ]);
    return {
      task_index: index,
      task_id: task.taskId,
      status: result.status ?? "completed",
      summary: result.summary,
      ...(result.apiCalls === undefined ? {} : { api_calls: result.apiCalls }),
      duration_seconds: seconds(),
    };
  } catch (error) {
    const status = state.timedOut
      ? "timeout"
      : env.signal?.aborted === true
        ? "interrupted"
        : "failed";
    const message =
      status === "timeout"
        ? `The child agent did not finish within ${Math.round(env.childTimeoutMs / 1000)}s.`
        : error instanceof Error
          ? error.message
          : String(error);
    return {
      task_index: index,
      task_id: task.taskId,
      status,
      summary: "",
      error: message,
      duration_seconds: seconds(),
    };
  } finally {
    clearTimeout(timer);
    env.signal?.removeEventListener("abort", onParentAbort);
  }
}

/**
 * The `delegate_task` tool: run one to three child agents (in parallel, at most
 * `limit` at once across the runtime), each with its own task id, a restricted toolset (no
 * `memory`; no `delegate_task` at the deepest level) and a timeout; return their summaries.
 */
export async function runDelegateTool(
  env: DelegateEnvironment,
  args: Readonly<Record<string, unknown>>,
): Promise<string> {
  if (env.runner === undefined) {
    return JSON.stringify({
      error: "delegate_task has no agent loop to run children with in this runtime.",
    });
  }
  if (env.depth >= env.maxDepth) {
    return JSON.stringify({
      error: `delegate_task is not available at depth ${env.depth}: children may nest at most ${env.maxDepth} levels. Do the work yourself.`,
    });
  }
  const tasks = parseTasks(args);
  if (typeof tasks === "string") return JSON.stringify({ error: tasks });
  let maxIterations = env.defaultMaxIterations;
  if (args.max_iterations !== undefined && args.max_iterations !== null) {
    const value = Number(args.max_iterations);
    if (!Number.isInteger(value) || value < 1) {
      return JSON.stringify({
        error: `max_iterations must be a positive whole number, got ${JSON.stringify(args.max_iterations)}`,
      });
    }
    maxIterations = value;
  }
  const depth = env.depth + 1;
  const blockedTools = depth >= env.maxDepth ? ["memory", "delegate_task"] : ["memory"];
  const runner = env.runner;
  const started = performance.now();
  const results = await Promise.all(
    tasks.map((spec, index) =>
      env.limit.run(() =>
        runChild(
          env,
          runner,
          {
            goal: spec.goal,
            context: spec.context,
            toolsets: spec.toolsets ?? env.parentToolsets,
            blockedTools,
            taskId: `${env.parentTaskId}-sub${index}-${randomBytes(3).toString("hex")}`,
            parentSessionId: env.parentSessionId,
            depth,
            maxIterations,
          },
          index,
        ),
      ),
    ),
  );
  return JSON.stringify({
    results,
    total_duration_seconds: Math.round((performance.now() - started) / 10) / 100,
  });
}
