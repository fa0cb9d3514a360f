import { createApprovalManager } from "@hermes-agent/approval";
import { parseConfigText } from "@hermes-agent/config";
const m = createApprovalManager({ config: parseConfigText("").config, home: "/tmp/aphome", interactive: false });
for (const c of ["true", "rm -rf /", "rm -rf ./build", "git push --force", "mkfs.ext4 /dev/sda"]) {
  const t = performance.now();
  for (const ctx of ["interactive", "gateway", "unattended"] as const) {
    const r = await m.checkDangerousCommand(c, { envType: "local", context: ctx });
    console.log(c, ctx, (performance.now() - t).toFixed(2), JSON.stringify(r));
  }
}
