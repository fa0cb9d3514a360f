import { runSuite } from "@hermes-agent/bench";
import { sanitizeToolError } from "../src/index.js";

// Inputs built to make a naive cleaner quadratic; each is 1 MB. Budget: 20 ms per call.
const inputs: Record<string, string> = {
  "unclosed tag openers": "<system ".repeat(131_072),
  "nested reassembling tags": `${"<sys".repeat(125_000)}<system>${"tem>".repeat(125_000)}`,
  "unclosed CDATA openers": "<![CDATA[".repeat(112_000),
  "secret-looking assignments": "token=".repeat(170_000),
};

await runSuite(
  "registry error sanitizer (1 MB adversarial input)",
  Object.entries(inputs).map(([name, input]) => ({
    name,
    budgetUs: 20_000,
    setup: () => () => sanitizeToolError(input),
  })),
);
