import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The package's folder. */
export const packageDir: string = fileURLToPath(new URL("..", import.meta.url));

/**
 * Build hermes-agent and its dependencies (Nx, cached), so a benchmark runs the built package
 * as an application or a user's shell would.
 */
export function buildPackage(): void {
  const root = path.resolve(packageDir, "../..");
  execFileSync(
    process.execPath,
    [
      createRequire(path.join(root, "package.json")).resolve("nx/bin/nx.js"),
      "run",
      "hermes-agent:build",
      "--outputStyle=static",
    ],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NX_DAEMON: "false" },
    },
  );
}
