import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expandHome } from "@hermes-agent/core";
import {
  defineEnvironmentBackend,
  type Environment,
  type EnvironmentBackend,
  type EnvironmentOptions,
} from "./environment.js";
import {
  openBackendSession,
  REMOTE_CAPABILITIES,
  type RemoteTransport,
} from "./remote-environment.js";
import { runTransport, type TransportCommand } from "./remote-process.js";
import { quoteForRemoteShell } from "./remote-shell-script.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** Where an ssh environment connects, named as in config.yaml (`terminal.ssh_*`). */
export interface SshTarget {
  readonly host: string;
  readonly user: string | undefined;
  readonly port: number;
  readonly key: string | undefined;
  /** known_hosts file to use instead of the user's (tests use a private one). */
  readonly knownHostsFile?: string | undefined;
  /** ssh client program (default `ssh` on PATH). */
  readonly binary?: string | undefined;
}

/** Options every ssh client call gets: the shared master, no prompts, bounded connect time. */
function baseArgs(target: SshTarget, controlPath: string): string[] {
  const args = [
    "-o",
    `ControlPath=${controlPath}`,
    "-o",
    "BatchMode=yes",
    "-o",
    "StrictHostKeyChecking=accept-new",
    "-o",
    "ConnectTimeout=10",
    "-o",
    "ServerAliveInterval=15",
    "-o",
    "LogLevel=ERROR",
    "-p",
    String(target.port),
  ];
  if (target.key !== undefined) args.push("-i", expandHome(target.key), "-o", "IdentitiesOnly=yes");
  if (target.knownHostsFile !== undefined)
    args.push("-o", `UserKnownHostsFile=${target.knownHostsFile}`);
  return args;
}

function destination(target: SshTarget): string {
  return target.user === undefined ? target.host : `${target.user}@${target.host}`;
}

/**
 * The ControlMaster socket of `user@host:port` with one key, in this process (short: the kernel
 * caps socket paths at 108 bytes). Each agent process has its own: the last environment of a
 * process closes its master, which would cut the commands another process was running over it.
 */
export function sshControlPath(target: SshTarget): string {
  const dir = path.join(os.tmpdir(), `hermes-ssh-${process.getuid?.() ?? "u"}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = createHash("sha256")
    .update(`${process.pid} ${target.user ?? ""}@${target.host}:${target.port} ${target.key ?? ""}`)
    .digest("hex")
    .slice(0, 16);
  return path.join(dir, `${id}.sock`);
}

/** A clear message naming the fix for an ssh client failure, or undefined for the command's own. */
export function describeSshFailure(
  target: SshTarget,
  exitCode: number,
  stderr: string,
): string | undefined {
  if (exitCode !== 255 && !/^ssh: |Permission denied|Host key verification failed/m.test(stderr)) {
    return undefined;
  }
  const where = `${destination(target)}:${target.port}`;
  const detail = stderr.replaceAll("\r", "").trim().split("\n").slice(-3).join(" ");
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key verification failed/.test(stderr)) {
    return `SSH host key of ${where} changed or cannot be verified (${detail}). If the change is expected, remove the old key with: ssh-keygen -R '[${target.host}]:${target.port}'`;
  }
  if (/Permission denied/.test(stderr)) {
    return `SSH server ${where} refused the key (${detail}). Check terminal.ssh_user and terminal.ssh_key, and that the public key is in the remote ~/.ssh/authorized_keys.`;
  }
  if (
    /Connection refused|timed out|No route to host|Could not resolve hostname|Network is unreachable|Connection closed|Connection reset/.test(
      stderr,
    )
  ) {
    return `Cannot reach SSH host ${where} (${detail}). Check terminal.ssh_host and terminal.ssh_port, and that sshd is running there.`;
  }
  if (exitCode === 255) return `SSH to ${where} failed (${detail || "exit code 255"}).`;
  return undefined;
}

/**
 * How command clients use the shared master: through it, or, when there is none, by becoming it
 * (kept 300 s after its last client), so the commands after that share it again.
 */
const MASTER_OPTIONS = ["-o", "ControlMaster=auto", "-o", "ControlPersist=300"];

/** Open connections per control socket, so the master is closed by the last environment using it. */
const masterUsers = new Map<string, number>();

/** Start (or join) the ControlMaster of `target`; rejects with a clear error naming the fix. */
async function startMaster(target: SshTarget, controlPath: string): Promise<void> {
  const ssh = target.binary ?? "ssh";
  const check = await runTransport(
    { file: ssh, args: [...baseArgs(target, controlPath), "-O", "check", destination(target)] },
    { timeoutMs: 5000 },
  );
  if (check.exitCode !== 0) {
    const started = await runTransport(
      {
        file: ssh,
        args: [
          ...baseArgs(target, controlPath),
          "-o",
          "ControlMaster=yes",
          "-o",
          "ControlPersist=300",
          "-f",
          "-N",
          destination(target),
        ],
      },
      { timeoutMs: 20_000, stdin: "", untilExit: true },
    );
    if (started.exitCode !== 0) {
      throw new TerminalError(
        TerminalErrorCode.BackendUnavailable,
        describeSshFailure(
          target,
          255,
          started.timedOut ? `${started.stderr}\nssh: connection timed out` : started.stderr,
        ) ?? `SSH to ${destination(target)}:${target.port} failed: ${started.stderr.trim()}`,
      );
    }
  }
  masterUsers.set(controlPath, (masterUsers.get(controlPath) ?? 0) + 1);
}

async function releaseMaster(target: SshTarget, controlPath: string): Promise<void> {
  const users = (masterUsers.get(controlPath) ?? 1) - 1;
  if (users > 0) {
    masterUsers.set(controlPath, users);
    return;
  }
  masterUsers.delete(controlPath);
  await runTransport(
    {
      file: target.binary ?? "ssh",
      args: [...baseArgs(target, controlPath), "-O", "exit", destination(target)],
    },
    { timeoutMs: 5000 },
  );
}

/** The ssh transport: each command is one `ssh` client process over the shared master. */
export function sshTransport(target: SshTarget): {
  transport: RemoteTransport;
  open: () => Promise<void>;
} {
  const controlPath = sshControlPath(target);
  // A master that went away (ControlPersist ran out while the agent was idle, or it was
  // killed) is started again by the next client, which the later ones then share: with
  // ControlMaster=no they would each open a connection of their own from then on.
  const args = [...baseArgs(target, controlPath), ...MASTER_OPTIONS, "-T", destination(target)];
  let opened = false;
  const transport: RemoteTransport = {
    command(script, scriptArgs): TransportCommand {
      const remote = [
        "bash",
        "--noprofile",
        "--norc",
        "-c",
        quoteForRemoteShell(script),
        "hermes",
        ...scriptArgs.map(quoteForRemoteShell),
      ].join(" ");
      return { file: target.binary ?? "ssh", args: [...args, remote] };
    },
    describeFailure: (exitCode, stderr) => describeSshFailure(target, exitCode, stderr),
    async close() {
      if (!opened) return;
      opened = false;
      await releaseMaster(target, controlPath);
    },
  };
  return {
    transport,
    open: async () => {
      await startMaster(target, controlPath);
      opened = true;
    },
  };
}

function stringOption(options: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = options[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Read the ssh target from `backendOptions` (`ssh_host`, `ssh_user`, `ssh_port`, `ssh_key`). */
export function sshTargetFrom(options: Readonly<Record<string, unknown>>): SshTarget {
  const host = stringOption(options, "ssh_host");
  if (host === undefined) {
    throw new TerminalError(
      TerminalErrorCode.InvalidOption,
      "The ssh backend needs terminal.ssh_host (or TERMINAL_SSH_HOST) set to the host to connect to.",
    );
  }
  const port = Number(options.ssh_port ?? 22);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new TerminalError(
      TerminalErrorCode.InvalidOption,
      `terminal.ssh_port must be a port number (1-65535), got ${String(options.ssh_port)}.`,
    );
  }
  return {
    host,
    user: stringOption(options, "ssh_user"),
    port,
    key: stringOption(options, "ssh_key"),
    knownHostsFile: stringOption(options, "ssh_known_hosts_file"),
    binary: stringOption(options, "ssh_binary"),
  };
}

/** Make an ssh environment: commands run with bash on the remote host over a shared ControlMaster. */
export async function createSshEnvironment(options: EnvironmentOptions): Promise<Environment> {
  const target = sshTargetFrom(options.backendOptions ?? {});
  const { transport, open } = sshTransport(target);
  await open();
  return openBackendSession(
    "ssh",
    transport,
    options,
    options.cwd !== undefined && /^[/~]/.test(options.cwd) ? options.cwd : "~",
  );
}

/** The ssh backend. */
export const sshBackend: EnvironmentBackend = defineEnvironmentBackend({
  type: "ssh",
  capabilities: REMOTE_CAPABILITIES,
  create: (options) => createSshEnvironment(options),
  // The host must be set; reaching it is left to the first command (it may prompt or be slow).
  probe: async (options) => {
    sshTargetFrom(options.backendOptions ?? {});
  },
});
