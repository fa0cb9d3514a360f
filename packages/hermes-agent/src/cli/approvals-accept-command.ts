import { acceptApprovalChanges, pendingApprovalChanges } from "@hermes-agent/approval";
import { loadConfigWithDiagnostics } from "@hermes-agent/config";
import { CliExit, err, out, type CliIo } from "./cli-io.js";
import type { GlobalOptions } from "./cli-runtime.js";
import { hermesHomeOf } from "./hermes-env.js";

/** Where the user answers: a terminal on both ends, so a program cannot answer for them. */
export interface AcceptTerminal {
  readonly input: NodeJS.ReadableStream;
  readonly interactive: boolean;
}

function processTerminal(): AcceptTerminal {
  return { input: process.stdin, interactive: process.stdin.isTTY && process.stderr.isTTY };
}

/** One line typed at the terminal ("" when the input ends first). */
function ask(io: CliIo, terminal: AcceptTerminal, question: string): Promise<string> {
  io.stderr.write(question);
  const input = terminal.input;
  return new Promise<string>((resolve) => {
    let text = "";
    const finish = (): void => {
      input.off("data", onData);
      input.off("end", finish);
      input.pause();
      resolve(text.split("\n")[0] ?? "");
    };
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString();
      if (text.includes("\n")) finish();
    };
    input.on("data", onData);
    input.once("end", finish);
    input.resume();
  });
}

/**
 * `approvals accept`: show what config.yaml loosens since the last start and, when the user
 * confirms at a terminal, apply it from the next start on. Without a terminal it only shows.
 */
export async function acceptApprovalsCommand(
  io: CliIo,
  globals: GlobalOptions,
  terminal: AcceptTerminal = processTerminal(),
): Promise<void> {
  const home = hermesHomeOf(io, globals);
  const { config } = await loadConfigWithDiagnostics({ home, env: io.env });
  const pending = await pendingApprovalChanges(home, config);
  if (pending.changes.length === 0) {
    out(io, "Nothing to accept: config.yaml loosens no approval setting since the last start.");
    return;
  }
  out(io, "config.yaml loosens approval since the last start:");
  for (const change of pending.changes)
    out(io, `  ${change.setting}: ${change.read} (was ${change.held})`);
  if (pending.tampered)
    throw new CliExit(
      "config.yaml has more than one name (a hard link), so a program may have written it " +
        "under another name. Remove the other link (find it with `find / -samefile <config.yaml>`), " +
        "check the file, then run this again.",
    );
  if (!terminal.interactive)
    throw new CliExit(
      "Accepting needs you at a terminal (stdin and stderr a TTY). Or start once with " +
        "HERMES_ACCEPT_APPROVAL_CHANGES=1.",
    );
  const answer = (await ask(io, terminal, "Apply these from the next start? [y/N] ")).trim();
  if (!/^y(es)?$/i.test(answer)) {
    err(io, "Not accepted; the stricter settings stay in force.");
    return;
  }
  await acceptApprovalChanges(home, config);
  out(io, "✓ accepted: the next start applies config.yaml's approval settings.");
}
