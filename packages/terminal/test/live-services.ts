import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ciDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../.ci");
const inCi = process.env.CI !== undefined && process.env.CI !== "";

function onPath(program: string): boolean {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir !== "" && existsSync(path.join(dir, program)));
}

/** Why a live service cannot be used here (printed, and the suite skipped), or undefined. In CI this throws instead. */
function unavailable(reason: string): string {
  if (inCi) throw new Error(`${reason} (CI must not skip live backend tests)`);
  console.warn(`[live backend tests skipped] ${reason}`);
  return reason;
}

/** The local sshd of .ci/services/sshd.sh: started if needed. */
export interface SshService {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly key: string;
}

/** Start (idempotently) the test sshd; a skip reason when openssh is not installed. */
export function sshService(): SshService | string {
  const sshd = ["/usr/sbin/sshd", "/usr/bin/sshd"].some((file) => existsSync(file));
  if (!sshd || !onPath("ssh")) {
    return unavailable("sshd or ssh not found: apt-get install -y openssh-server openssh-client");
  }
  try {
    execFileSync("bash", [path.join(ciDir, "services/sshd.sh")], { stdio: "pipe" });
  } catch (error) {
    return unavailable(`could not start the test sshd (.ci/services/sshd.sh): ${String(error)}`);
  }
  const dir = process.env.HERMES_SSHD_DIR ?? "/tmp/hermes-sshd";
  const values = Object.fromEntries(
    readFileSync(path.join(dir, "env"), "utf8")
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  return {
    host: "127.0.0.1",
    port: Number(values.port),
    user: values.user ?? "",
    key: values.key ?? "",
  };
}

/** The local test image name. */
export const DOCKER_TEST_IMAGE: string =
  process.env.HERMES_DOCKER_TEST_IMAGE ?? "hermes-test-rootfs:latest";

/** Start (idempotently) dockerd and build the test image; a skip reason when docker is not installed. */
export function dockerService(): string | undefined {
  if (!onPath("docker") || !onPath("dockerd")) {
    return unavailable("docker not found: apt-get install -y docker.io busybox-static");
  }
  try {
    execFileSync("bash", [path.join(ciDir, "services/dockerd.sh")], { stdio: "pipe" });
  } catch (error) {
    return unavailable(
      `could not start dockerd / build the test image (.ci/services/dockerd.sh): ${String(error)}`,
    );
  }
  return undefined;
}
