import { loadEnvFile } from "@hermes-agent/config";

/**
 * The environment a runtime reads: `env` with the variables of `HERMES_HOME/.env` it does not
 * set added (Hermes keeps API keys there). A variable set in `env` always wins; `env` itself is
 * never changed, and is returned as it is when the file adds nothing.
 */
export function withHermesEnvFile(
  env: Readonly<Record<string, string | undefined>>,
  hermesHome: string,
): Readonly<Record<string, string | undefined>> {
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(loadEnvFile({ home: hermesHome, target: null }))) {
    if (env[name] === undefined) added[name] = value;
  }
  return Object.keys(added).length === 0 ? env : { ...env, ...added };
}
