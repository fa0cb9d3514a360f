/**
 * Host variables every child process (terminal commands, execute_code scripts, MCP stdio
 * servers, shell hooks) may see. Everything else (provider API keys, tokens, passwords) stays
 * out unless passed through by name.
 */
export const CHILD_ENV_ALLOWLIST: readonly string[] = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "LANG",
  "LANGUAGE",
  "TERM",
  "SHELL",
  "TMPDIR",
  "TZ",
  "COLORTERM",
  "NO_COLOR",
  "HOSTNAME",
  "PWD",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "VIRTUAL_ENV",
  "PYTHONPATH",
  "PYENV_ROOT",
  "NVM_DIR",
  "CARGO_HOME",
  "RUSTUP_HOME",
  "GOPATH",
  "GOROOT",
  "JAVA_HOME",
];

/** Prefixes of allowed host variables: locale, XDG directories, conda. */
export const CHILD_ENV_ALLOWED_PREFIXES: readonly string[] = ["LC_", "XDG_", "CONDA_"];

/** A usable PATH when the host has none or lacks the system directories. */
const FALLBACK_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** Variables set for every child so tools behave well without a human at the keyboard. */
const AGENT_DEFAULTS: Readonly<Record<string, string>> = {
  PAGER: "cat",
  GIT_PAGER: "cat",
  AI_AGENT: "hermes-agent",
  HERMES_AGENT: "true",
};

const SECRET_NAME_PARTS =
  /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|DSN|WEBHOOK|BEARER|APIKEY|PRIVATE/i;

/**
 * True when a variable's name says it may hold a secret (contains KEY, TOKEN, SECRET, PASSWORD,
 * CREDENTIAL, PASSWD, AUTH, DSN, WEBHOOK, BEARER, APIKEY or PRIVATE). Such a variable reaches a
 * child only when passed through by name.
 */
export function isSecretEnvName(name: string): boolean {
  return SECRET_NAME_PARTS.test(name);
}

/** What {@link buildChildEnv} starts from. */
export interface ChildEnvOptions {
  /** Host environment (defaults to `process.env`). */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  /** Extra host variable names to pass through (`terminal.env_passthrough`, skill requirements). */
  readonly passthrough?: Iterable<string>;
  /** Variables to set outright, after the allowlist and the agent defaults. */
  readonly extra?: Readonly<Record<string, string>>;
  /** Leave out the agent defaults (`PAGER=cat`, `AI_AGENT`, ...); default false. */
  readonly withoutAgentDefaults?: boolean;
}

/**
 * The environment of a child process: allowlisted host variables (minus any whose name looks
 * like a secret), explicit passthrough, agent defaults and `extra`. Never a copy of the host
 * environment.
 */
export function buildChildEnv(options: ChildEnvOptions = {}): Record<string, string> {
  const host = options.hostEnv ?? process.env;
  const passthrough = new Set(options.passthrough ?? []);
  const allowed = new Set(CHILD_ENV_ALLOWLIST);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(host)) {
    if (value === undefined) continue;
    if (passthrough.has(name)) {
      env[name] = value;
      continue;
    }
    const listed =
      allowed.has(name) || CHILD_ENV_ALLOWED_PREFIXES.some((prefix) => name.startsWith(prefix));
    if (listed && !isSecretEnvName(name)) env[name] = value;
  }
  const path = env.PATH;
  if (path === undefined || path === "") env.PATH = FALLBACK_PATH;
  else if (!path.split(":").includes("/usr/bin")) env.PATH = `${path}:${FALLBACK_PATH}`;
  if (options.withoutAgentDefaults !== true) Object.assign(env, AGENT_DEFAULTS);
  Object.assign(env, options.extra);
  return env;
}
