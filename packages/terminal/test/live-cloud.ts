import type { Environment } from "../src/index.js";

/**
 * For the live suites of cloud backends, whose process ids live in the sandbox: `create`
 * remembers every environment it makes, and `isProcessAlive` asks each one still open whether
 * the pid is a live (not zombie) process there. A cleaned-up environment's sandbox is gone,
 * and so are its processes.
 */
export function trackedEnvironments(make: () => Promise<Environment>): {
  create(): Promise<Environment>;
  isProcessAlive(pid: number): Promise<boolean>;
} {
  const made: Environment[] = [];
  return {
    async create() {
      const env = await make();
      made.push(env);
      return env;
    },
    async isProcessAlive(pid) {
      for (const env of made) {
        try {
          const probe = await env.execute(
            `s=$(cat /proc/${pid}/stat 2>/dev/null) || exit 1; case "\${s##*) }" in Z*) exit 1 ;; esac`,
            { cwd: "/" },
          );
          if (probe.exitCode === 0) return true;
        } catch {
          // cleaned up: nothing of it runs any more
        }
      }
      return false;
    },
  };
}
