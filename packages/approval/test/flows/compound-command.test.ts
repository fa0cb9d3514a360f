import { expect, test } from "vitest";
import { isCompoundCommand } from "../../src/flows/compound-command.js";

test.each([
  ["make deploy", false],
  ["git commit -m 'a; b | c'", false],
  ['echo "a && b"', false],
  ["make deploy; rm -rf ~", true],
  ["make deploy && echo ok", true],
  ["make deploy | tee log", true],
  ["make deploy > out", true],
  ["make deploy < in", true],
  ["make deploy &", true],
  ["make $(whoami)", true],
  ['echo "$(whoami)"', true],
  ["echo `whoami`", true],
  ["make deploy\nrm -rf ~", true],
  ["echo 'unterminated", true],
])("isCompoundCommand(%j) is %s", (command, expected) => {
  expect(isCompoundCommand(command)).toBe(expected);
});
