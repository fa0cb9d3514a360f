import { describe } from "vitest";
import { describeCommandReading } from "./command-reading-cases.js";

// This file never loads the bash grammar: commands are read by the shell package's tokenizer.
describe("before the bash grammar is loaded", () => {
  describeCommandReading();
});
