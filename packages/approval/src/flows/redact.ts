// Secret redaction for anything that leaves the process or lands on disk: the audit log and
// gateway notifications. Patterns are bounded (no nested quantifiers) so they stay linear.

const MASK = "***";

interface Rule {
  readonly pattern: RegExp;
  readonly replace: (match: string, ...groups: string[]) => string;
}

const RULES: readonly Rule[] = [
  // PEM private keys pasted into a heredoc or an echo.
  {
    pattern:
      /(-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----)[\s\S]{0,20000}?(-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----)/g,
    replace: (_m, begin = "", end = "") => `${begin}\n${MASK}\n${end}`,
  },
  // Authorization headers: keep the scheme, hide the credential.
  {
    pattern: /\b(authorization\s*:\s*(?:bearer|basic|token|digest)\s+)[^\s'"]+/gi,
    replace: (_m, head = "") => `${head}${MASK}`,
  },
  // Credentials in URLs: scheme://user:password@host
  {
    pattern: /\b([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:/@'"]{1,256}:)[^\s@'"]{1,256}@/gi,
    replace: (_m, head = "") => `${head}${MASK}@`,
  },
  // Well-known token shapes (OpenAI/Anthropic, GitHub, Slack, AWS, Google, Stripe, JWT).
  {
    pattern:
      /\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|[rs]k_live_[0-9A-Za-z]{16,}|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/g,
    replace: () => MASK,
  },
  // NAME=value and --name=value / --name value where the name says it is a secret.
  {
    pattern:
      /\b([A-Za-z_][A-Za-z0-9_]{0,64}(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)[A-Za-z0-9_]{0,32}\s*=\s*)("[^"]*"|'[^']*'|[^\s'"]+)/gi,
    replace: (_m, head = "") => `${head}${MASK}`,
  },
  {
    pattern:
      /(--?(?:[a-z0-9]{1,32}-){0,3}(?:password|passwd|token|secret|api-?key|access-?key|oauth2-bearer)(?:=|\s+))("[^"]*"|'[^']*'|[^\s'"]+)/gi,
    replace: (_m, head = "") => `${head}${MASK}`,
  },
  // Headers and JSON/YAML fields named like a secret: `X-Api-Key: v`, `"client_secret": "v"`.
  {
    pattern:
      /((?:^|[\s'"{,])["']?[A-Za-z0-9_-]{0,40}(?:api[-_]?key|token|secret|password|passwd)["']?\s*:\s*)("[^"]*"|'[^']*'|[^\s'",}]+)/gim,
    replace: (_m, head = "") => `${head}${MASK}`,
  },
  // curl/wget user:password (`-u bob:pw`, `--user=bob:pw`), sshpass -p.
  {
    pattern:
      /(\b(?:curl|wget)\b[^|;&\n]{0,300}?(?:\s-u|\s-U|--user|--proxy-user|--http-user)(?:=|\s*)["']?[^\s:'"]{1,256}:)([^\s'"]+)/g,
    replace: (_m, head = "") => `${head}${MASK}`,
  },
  {
    pattern: /(\bsshpass\s+-p\s*)("[^"]*"|'[^']*'|[^\s'"]+)/g,
    replace: (_m, head = "") => `${head}${MASK}`,
  },
  // mysql -pSECRET
  {
    pattern: /(\bmysql(?:dump|admin)?\b[^|;&\n]{0,200}?\s-p)([^\s'"]+)/g,
    replace: (_m, head = "") => `${head}${MASK}`,
  },
];

/**
 * Hide obvious secrets (bearer tokens, API keys, passwords in URLs and flags, `*_TOKEN=` values)
 * in a command before it is logged or sent to a gateway. Text without secrets is unchanged.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const rule of RULES) {
    out = out.replace(
      rule.pattern,
      rule.replace as (substring: string, ...args: unknown[]) => string,
    );
  }
  return out;
}
