import { expect, test } from "vitest";
import { redactSecrets } from "../../src/flows/redact.js";

test("hides bearer tokens, keys in assignments, flags and URLs", () => {
  expect(redactSecrets('curl -H "Authorization: Bearer abc.def.ghi" https://x')).toBe(
    'curl -H "Authorization: Bearer ***" https://x',
  );
  expect(redactSecrets("OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx node app.js")).toBe(
    "OPENAI_API_KEY=*** node app.js",
  );
  expect(redactSecrets("git clone https://bob:hunter2@github.com/x/y")).toBe(
    "git clone https://bob:***@github.com/x/y",
  );
  expect(redactSecrets("deploy --password s3cret --env prod")).toBe(
    "deploy --password *** --env prod",
  );
  expect(redactSecrets("echo ghp_abcdefghijklmnopqrstuvwxyz0123")).toBe("echo ***");
  expect(redactSecrets("mysql -u root -phunter2 db")).toBe("mysql -u root -p*** db");
});

test("leaves clean commands unchanged", () => {
  for (const command of [
    "rm -rf build",
    "git push --force origin main",
    "echo hello world",
    "ls -la /tmp",
  ]) {
    expect(redactSecrets(command)).toBe(command);
  }
});
