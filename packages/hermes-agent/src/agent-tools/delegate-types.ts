/** One child task as the runner receives it. */
export interface ChildTask {
  readonly goal: string;
  readonly context: string | undefined;
  /** Toolsets the child may use. */
  readonly toolsets: readonly string[];
  /** Tools the child must not be shown even if its toolsets hold them. */
  readonly blockedTools: readonly string[];
  /** The child's own task id (its terminal state and processes live under it). */
  readonly taskId: string;
  /** The delegating session. */
  readonly parentSessionId: string;
  /** 1 for a child of the top-level agent, 2 for a grandchild. */
  readonly depth: number;
  readonly maxIterations: number;
  /** Aborted on timeout or when the parent is interrupted. */
  readonly signal: AbortSignal;
}

/** What a child agent reports back. */
export interface ChildResult {
  /** The child's final answer; the only thing the parent sees. */
  readonly summary: string;
  /** Default `completed`. */
  readonly status?: "completed" | "failed";
  /** Model calls the child made. */
  readonly apiCalls?: number;
}

/** Runs one child agent to completion. The agent loop provides one; tests inject their own. */
export type ChildAgentRunner = (task: ChildTask) => Promise<ChildResult>;

/** Limits of `delegate_task`. */
export interface DelegationOptions {
  /** Children running at once across the runtime (default 3). */
  readonly maxConcurrent?: number;
  /** Deepest child: a child at this depth cannot delegate further (default 2). */
  readonly maxDepth?: number;
  /** Per-child time limit, milliseconds (default 600 000). */
  readonly childTimeoutMs?: number;
  /** Default `max_iterations` of a child (default 50). */
  readonly defaultMaxIterations?: number;
}
