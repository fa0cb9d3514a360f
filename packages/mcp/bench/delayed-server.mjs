// A minimal stdio MCP server (newline-delimited JSON-RPC, no SDK) that answers `initialize`
// after DELAY_MS: a server whose startup is I/O-bound (fetching, warming a cache) rather than
// CPU-bound, so the benchmark measures how the client schedules connects, not Node's boot time.
import { createInterface } from "node:readline";

const delay = Number(process.env.DELAY_MS ?? 0);
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  if (message.method === "initialize") {
    setTimeout(() => {
      send({
        jsonrpc: "2.0",
        id: message.id,
        result: {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: "delayed", version: "1.0.0" },
        },
      });
    }, delay);
  } else if (message.method === "tools/list") {
    send({
      jsonrpc: "2.0",
      id: message.id,
      result: { tools: [{ name: "ping", description: "Ping", inputSchema: { type: "object" } }] },
    });
  } else if (message.method === "tools/call") {
    send({ jsonrpc: "2.0", id: message.id, result: { content: [{ type: "text", text: "pong" }] } });
  } else {
    send({ jsonrpc: "2.0", id: message.id, result: {} });
  }
});
lines.on("close", () => process.exit(0));
