import { beforeAll, expect, test } from "vitest";
import { initializeDetector } from "../../src/index.js";
import { traceCommandLine } from "../../src/flows/command-trace.js";
import { commandForms } from "../../src/flows/command-forms.js";
import { denyVerdict } from "../../src/flows/deny-rules.js";

beforeAll(() => initializeDetector());

function matchDenyRule(rules: readonly string[], command: string): string | undefined {
  const verdict = denyVerdict(rules, command, traceCommandLine(command));
  return verdict !== undefined && "rule" in verdict ? verdict.rule : undefined;
}

test("forms peel absolute paths, quotes, assignments and wrappers", () => {
  const forms = commandForms("FOO=1 /usr/bin/sudo -u root env X=2 /bin/rm -rf '/tmp/x'");
  expect(forms).toContain("sudo -u root env X=2 rm -rf /tmp/x");
  expect(forms).toContain("env X=2 rm -rf /tmp/x");
  expect(forms).toContain("rm -rf /tmp/x");
});

test.each([
  ["sudo rm*", "sudo rm -rf /tmp/x"],
  ["sudo rm*", "/usr/bin/sudo rm -rf /tmp/x"],
  ["sudo rm*", "SUDO RM -rf x"],
  ["sudo rm*", "echo ok && sudo rm -rf x"],
  ["sudo rm*", "env A=1 /usr/bin/sudo /bin/rm x"],
  ["sudo rm*", "ｓｕｄｏ rm -rf x"],
  ["sudo rm*", "s\u200budo rm -rf x"],
  ["rm -rf*", "/bin/rm -rf x"],
  ["rm -rf*", "nohup nice -n 5 rm -rf x"],
  ["docker system prune*", '"docker" system prune -af'],
  ["terraform destroy*", "cd infra && terraform destroy -auto-approve"],
])("deny rule %j catches %j", (rule, command) => {
  expect(matchDenyRule([rule], command)).toBe(rule);
});

test.each([
  ["sudo rm*", "echo sudo rm is dangerous"],
  ["sudo rm*", "sudo ls"],
  ["terraform destroy*", "terraform plan"],
])("deny rule %j leaves %j alone", (rule, command) => {
  expect(matchDenyRule([rule], command)).toBeUndefined();
});

// Wrapper options, shell keywords and shell payloads used to hide a command from deny globs.
test.each([
  ["sudo rm*", "sudo -u root rm -rf x"],
  ["sudo rm*", "sudo -- rm -rf x"],
  ["sudo rm*", "if true; then sudo rm -rf x; fi"],
  ["sudo rm*", "while true; do sudo rm -rf x; done"],
  ["sudo rm*", "bash -c 'sudo rm -rf x'"],
  ["sudo rm*", '/bin/sh -lc "sudo rm -rf x"'],
  ["sudo rm*", "eval 'sudo rm -rf x'"],
  ["sudo rm*", "sh -c \"bash -c 'sudo rm -rf x'\""],
  ["sudo rm*", "su root -c 'sudo rm -rf x'"],
])("deny rule %j also catches %j", (rule, command) => {
  expect(matchDenyRule([rule], command)).toBe(rule);
});

test.each([
  ["sudo rm*", "echo \"bash -c 'sudo rm -rf x'\""],
  ["sudo rm*", "bash script.sh sudo rm"],
])("deny rule %j still leaves %j alone", (rule, command) => {
  expect(matchDenyRule([rule], command)).toBeUndefined();
});
