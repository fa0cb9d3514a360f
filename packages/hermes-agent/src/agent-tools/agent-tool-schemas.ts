import type { JsonSchema } from "@hermes-agent/registry";

/** Schema of one agent-loop tool: the name, toolset, emoji and OpenAI function schema. */
export interface AgentToolSchema {
  readonly name: "todo" | "memory" | "session_search" | "delegate_task";
  readonly toolset: string;
  readonly emoji: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

/** `todo`: the session's task list. */
export const TODO_SCHEMA: AgentToolSchema = {
  name: "todo",
  toolset: "todo",
  emoji: "📋",
  description:
    "Keep a task list for work with three or more steps, or when the user asks for several " +
    "things. Call with no arguments to read the list. Send `todos` to write it: the whole list " +
    "(replacing it) or, with merge=true, only the items to add or update by id. List order is " +
    "priority; keep exactly one item in_progress while working, and mark an item completed only " +
    "once its work is verified. Every call returns the full list and counts.",
  parameters: {
    type: "object",
    properties: {
      todos: {
        type: "array",
        description: "Items to write. Omit to read the current list.",
        items: {
          type: "object",
          properties: {
            id: { type: "string", description: "Unique id of the item (you choose it)" },
            content: { type: "string", description: "What the task is" },
            status: {
              type: "string",
              enum: ["pending", "in_progress", "completed", "cancelled"],
              description: "Where the task stands",
            },
          },
          required: ["id", "content", "status"],
        },
      },
      merge: {
        type: "boolean",
        description:
          "true: update items by id and append new ones. false (default): replace the whole list.",
        default: false,
      },
    },
    required: [],
  },
};

/** `memory`: durable notes (MEMORY.md) and the user profile (USER.md). */
export const MEMORY_SCHEMA: AgentToolSchema = {
  name: "memory",
  toolset: "memory",
  emoji: "🧠",
  description:
    "Save facts that should survive this session: 'memory' holds your notes about the " +
    "environment, conventions and lessons learned; 'user' holds what you know about the user " +
    "(preferences, role, how they like to work). Both are shown to you at the start of every " +
    "session, so keep entries short and worth keeping. Actions: add (new entry), replace " +
    "(old_text picks the entry by a unique substring, content is its new text), remove " +
    "(old_text picks the entry). Space is limited; when full, replace or remove entries first. " +
    "Do not store secrets or task progress.",
  parameters: {
    type: "object",
    properties: {
      action: {
        type: "string",
        enum: ["add", "replace", "remove"],
        description: "What to do",
      },
      target: {
        type: "string",
        enum: ["memory", "user"],
        description: "'memory' for your notes, 'user' for the user profile",
      },
      content: {
        type: "string",
        description: "The entry text (add, replace)",
      },
      old_text: {
        type: "string",
        description: "A unique substring of the entry to change (replace, remove)",
      },
    },
    required: ["action", "target"],
  },
};

/** `session_search`: full-text search over past sessions. */
export const SESSION_SEARCH_SCHEMA: AgentToolSchema = {
  name: "session_search",
  toolset: "session_search",
  emoji: "🔍",
  description:
    "Search earlier conversations with this user. Use it when the user refers to something " +
    "from a past session ('like we did last week', 'that bug from before'), or when earlier " +
    "work would help. Returns the matching sessions, newest relevance first, with their dates " +
    "and the passages that matched.",
  parameters: {
    type: "object",
    properties: {
      query: {
        type: "string",
        description: "Words to look for; several words match sessions containing any of them",
      },
      role_filter: {
        type: "string",
        description: "Only search messages of these roles, comma-separated (e.g. 'user,assistant')",
      },
      limit: {
        type: "integer",
        description: "How many sessions to return (1-10, default 3)",
        default: 3,
      },
    },
    required: ["query"],
  },
};

/** `delegate_task`: hand subtasks to child agents with their own context. */
export const DELEGATE_TASK_SCHEMA: AgentToolSchema = {
  name: "delegate_task",
  toolset: "delegation",
  emoji: "🔀",
  description:
    "Hand a self-contained subtask to a child agent that works in its own fresh context and " +
    "returns only a summary, keeping your context small. Give one task with `goal` (and " +
    "`context`), or up to three independent tasks in `tasks`, which run in parallel. The child " +
    "knows nothing of this conversation: put every file path, error text and constraint it " +
    "needs into `context`. Children cannot ask the user questions or write to memory.",
  parameters: {
    type: "object",
    properties: {
      goal: { type: "string", description: "What the child agent must achieve (single task)" },
      context: {
        type: "string",
        description: "Everything the child needs to know: paths, errors, constraints",
      },
      toolsets: {
        type: "array",
        items: { type: "string" },
        description: "Toolsets the child may use (default: the parent's, minus restricted tools)",
      },
      tasks: {
        type: "array",
        description: "Several independent tasks to run in parallel (at most 3)",
        items: {
          type: "object",
          properties: {
            goal: { type: "string" },
            context: { type: "string" },
            toolsets: { type: "array", items: { type: "string" } },
          },
          required: ["goal"],
        },
      },
      max_iterations: {
        type: "integer",
        description: "Most tool-calling turns each child may take (default 50)",
      },
    },
    required: [],
  },
};

/** The four agent-loop tools, in the order they are registered. */
export const AGENT_TOOL_SCHEMAS: readonly AgentToolSchema[] = [
  TODO_SCHEMA,
  MEMORY_SCHEMA,
  SESSION_SEARCH_SCHEMA,
  DELEGATE_TASK_SCHEMA,
];
