import { toolResult, type ToolSpec } from "@hermes-agent/registry";

/** Arguments of the `hello_world` tool. */
export interface HelloWorldArgs {
  readonly name: string;
  readonly language?: "en" | "fr" | "es";
}

const GREETINGS = { en: "Hello", fr: "Bonjour", es: "Hola" } as const;

/** The `hello_world` tool: greets someone by name. Toolset `hello-world`. */
export const helloWorldTool: ToolSpec<HelloWorldArgs> = {
  name: "hello_world",
  toolset: "hello-world",
  emoji: "👋",
  schema: {
    description: "Greet a person by name. Use it to check that plugin tools are loaded.",
    parameters: {
      type: "object",
      properties: {
        name: { type: "string", description: "Who to greet." },
        language: {
          type: "string",
          enum: ["en", "fr", "es"],
          description: "Language of the greeting (default en).",
        },
      },
      required: ["name"],
      additionalProperties: false,
    },
  },
  handler(args) {
    return toolResult({ greeting: `${GREETINGS[args.language ?? "en"]}, ${args.name}!` });
  },
};
