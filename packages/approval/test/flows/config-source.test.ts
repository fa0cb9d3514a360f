import { createConfigSource } from "@hermes-agent/config";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";
import { createApprovalManager } from "../../src/index.js";
import { onCleanup, tempHome } from "./helpers.js";

test("a manager reads the ConfigSource it is given and sees edits at once", async () => {
  const home = await tempHome("approvals:\n  deny: []\n");
  const configSource = createConfigSource({ home: home.path, env: {}, watch: false });
  onCleanup(() => configSource.close());
  const manager = createApprovalManager({
    home: home.path,
    env: {},
    interactive: false,
    config: configSource,
  });
  const options = { envType: "docker", sessionKey: "s" } as const;
  await expect(manager.checkDangerousCommand("terraform destroy", options)).resolves.toMatchObject({
    approved: true,
  });
  await writeFile(
    path.join(home.path, "config.yaml"),
    'approvals:\n  deny:\n    - "terraform destroy*"\n',
  );
  await expect(manager.checkDangerousCommand("terraform destroy", options)).resolves.toMatchObject({
    approved: false,
    outcome: "user_deny",
    denyRule: "terraform destroy*",
  });
});
