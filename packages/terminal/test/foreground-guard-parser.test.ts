import { initializeParser } from "@hermes-agent/shell";
import { beforeAll, describe } from "vitest";
import { describeCommandReading } from "./command-reading-cases.js";

describe("with the bash grammar loaded", () => {
  beforeAll(async () => {
    await initializeParser();
  });
  describeCommandReading();
});
