import OpenAI from "openai";
import { expect, test } from "vitest";
import { describeModelError } from "../../src/agent/model-errors.js";

const endpoint = {
  baseURL: "http://127.0.0.1:1/v1",
  apiKey: "k",
  model: "m",
  sources: { baseURL: "$OPENAI_BASE_URL", apiKey: "$OPENAI_API_KEY", model: "$HERMES_MODEL" },
};

test("a connection failure reads as one sentence per part, without a doubled full stop", () => {
  const text = describeModelError(
    new OpenAI.APIConnectionError({ message: "Connection error." }),
    endpoint,
    OpenAI,
  );
  expect(text).toBe(
    "Cannot reach the model endpoint http://127.0.0.1:1/v1 (from $OPENAI_BASE_URL): Connection error. Check model.base_url or OPENAI_BASE_URL, and that the server is running.",
  );
});
