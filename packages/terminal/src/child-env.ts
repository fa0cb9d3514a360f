/**
 * Host variables every command may see. Everything else (provider API keys, tokens,
 * passwords) stays out unless named in `terminal.env_passthrough`.
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
  "XDG_RUNTIME_DIR",
  "XDG_CONFIG_HOME",
  "XDG_CACHE_HOME",
  "XDG_DATA_HOME",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "VIRTUAL_ENV",
  "PYENV_ROOT",
  "NVM_DIR",
  "CARGO_HOME",
  "RUSTUP_HOME",
  "GOPATH",
  "GOROOT",
  "JAVA_HOME",
];

/** Prefixes of allowed host variables (locale settings). */
const ALLOWED_PREFIXES: readonly string[] = ["LC_"];

/** A usable PATH when the host has none or lacks the system directories. */
const FALLBACK_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** Variables set for every command so tools behave well without a human at the keyboard. */
const AGENT_DEFAULTS: Readonly<Record<string, string>> = {
  PAGER: "cat",
  GIT_PAGER: "cat",
  AI_AGENT: "hermes-agent",
  HERMES_AGENT: "true",
};

/** What {@link buildChildEnv} starts from. */
export interface ChildEnvOptions {
  /** Host environment (defaults to `process.env`). */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  /** Extra host variable names to pass through (`terminal.env_passthrough`). */
  readonly passthrough?: readonly string[];
  /** Variables to set outright, after the allowlist. */
  readonly extra?: Readonly<Record<string, string>>;
}

/**
 * The environment of a child process: allowlisted host variables, explicit passthrough,
 * agent defaults and `extra`. Never a copy of the host environment.
 */
export function buildChildEnv(options: ChildEnvOptions = {}): Record<string, string> {
  const host = options.hostEnv ?? process.env;
  const allowed = new Set([...CHILD_ENV_ALLOWLIST, ...(options.passthrough ?? [])]);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(host)) {
    if (value === undefined) continue;
    if (allowed.has(name) || ALLOWED_PREFIXES.some((prefix) => name.startsWith(prefix)))
      env[name] = value;
  }
  const path = env.PATH;
  if (path === undefined || path === "") env.PATH = FALLBACK_PATH;
  else if (!path.split(":").includes("/usr/bin")) env.PATH = `${path}:${FALLBACK_PATH}`;
  Object.assign(env, AGENT_DEFAULTS, options.extra);
  return env;
}
