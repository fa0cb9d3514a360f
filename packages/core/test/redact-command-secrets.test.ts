import { expect, test } from "vitest";
import { redactSecrets } from "../src/index.js";

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

test("hides secrets in headers, JSON fields, curl -u, sshpass, named flags and PEM keys", () => {
  expect(redactSecrets("curl -H 'X-Api-Key: abc123' https://x")).toBe(
    "curl -H 'X-Api-Key: ***' https://x",
  );
  expect(redactSecrets(`curl -d '{"client_secret": "hunter2", "id": 1}' https://x`)).toBe(
    `curl -d '{"client_secret": ***, "id": 1}' https://x`,
  );
  expect(redactSecrets("curl -u bob:hunter2 https://x")).toBe("curl -u bob:*** https://x");
  expect(redactSecrets("curl --user=bob:hunter2 https://x")).toBe("curl --user=bob:*** https://x");
  expect(redactSecrets("sshpass -p hunter2 ssh host")).toBe("sshpass -p *** ssh host");
  expect(redactSecrets("gh auth --github-token abc123 login")).toBe(
    "gh auth --github-token *** login",
  );
  expect(redactSecrets("curl --oauth2-bearer abc123 https://x")).toBe(
    "curl --oauth2-bearer *** https://x",
  );
  const pem =
    "cat > id <<'EOF'\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\nAAAA\n-----END OPENSSH PRIVATE KEY-----\nEOF";
  expect(redactSecrets(pem)).toBe(
    "cat > id <<'EOF'\n-----BEGIN OPENSSH PRIVATE KEY-----\n***\n-----END OPENSSH PRIVATE KEY-----\nEOF",
  );
});

test("leaves ordinary colons, users and flags alone", () => {
  for (const command of [
    "docker run -u 1000:1000 image",
    "docker run --user 1000:1000 image",
    "echo hello:world",
    "git log --format='%an: %s'",
    "kubectl get secret -o yaml",
    "rsync -av src/ host:/dst/",
  ]) {
    expect(redactSecrets(command)).toBe(command);
  }
});
