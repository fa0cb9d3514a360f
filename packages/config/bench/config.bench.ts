import { runSuite } from "@hermes-agent/bench";
import { ConfigTextEditor, parseConfigText } from "../src/index.js";

const TYPICAL_CONFIG = `# Hermes settings
model: hermes-4-405b
terminal:
  backend: local
  timeout: 180
  env_passthrough: [GOPATH, CARGO_HOME]
approvals:
  mode: manual
  deny: ['sudo *']
command_allowlist:
${Array.from({ length: 40 }, (_, i) => `  - make target-${i}`).join("\n")}
mcp_servers:
  fs: { command: npx, args: [-y, "@modelcontextprotocol/server-filesystem", /tmp] }
plugins:
  enabled: [hello-world]
`;

await runSuite("config", [
  {
    name: "parse + validate a typical config.yaml",
    setup: () => () => parseConfigText(TYPICAL_CONFIG),
  },
  {
    name: "comment-preserving edit of one key (in memory)",
    setup: () => () => {
      const editor = new ConfigTextEditor(TYPICAL_CONFIG);
      editor.set(["terminal", "timeout"], 240);
      return editor.text;
    },
  },
]);
