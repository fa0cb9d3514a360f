// Secret redaction for everything that leaves the process or reaches the model: tool output,
// tool errors, audit logs, gateway notifications. Every pattern is bounded (no nested
// quantifiers), so the cost is linear in the text.

/** Options of {@link redactSecrets}. */
export interface RedactOptions {
  /** What replaces a secret (default `***`). */
  readonly mask?: string;
}

type Replacer = (mask: string, match: string, ...groups: string[]) => string;

interface RedactionRule {
  /** A cheap test that must pass before `pattern` can match; most text fails it at once. */
  readonly hint: RegExp;
  readonly pattern: RegExp;
  readonly replace: Replacer;
}

const keepHead: Replacer = (mask, _match, head = "") => `${head}${mask}`;

// Names that say they hold a secret. `tokens` (plural: counts such as max_tokens) does not.
const SECRET_NAME =
  "(?:api[_-]?key|apikey|access[_-]?key|private[_-]?key|secret|password|passwd|pwd|credentials?|token(?!s)|auth[_-]?key|bearer|dsn)";

const SECRET_NAME_HINT = new RegExp(SECRET_NAME, "i");

// A value that is code, not a literal: `$(...)`, `${...}`, backticks. The person approving a
// command must see what will run, so these are never masked.
const NOT_A_SUBSTITUTION = "(?![\"']?(?:\\$[({]|`))";

// A value that says "nothing is set" (`KEY=None` printed by a script, `TOKEN=null`): masking it
// would make an absent secret look present.
const NOT_AN_ABSENT_VALUE = "(?!(?:None|null|undefined|nil)(?![^\\s'\"&;|,}]))";

const RULES: readonly RedactionRule[] = [
  // PEM private keys.
  {
    hint: /PRIVATE KEY-----/,
    pattern:
      /(-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----)[\s\S]{0,20000}?(-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----|$)/g,
    replace: (mask, _m, begin = "", end = "") => `${begin}\n${mask}\n${end}`,
  },
  // Authorization headers and bare bearer/basic credentials: keep the scheme.
  {
    hint: /bearer|basic|token|digest/i,
    pattern:
      /\b((?:authorization\s*:\s*)?(?:bearer|basic|token|digest)\s+)([A-Za-z0-9._~+/=-]{8,})/gi,
    replace: keepHead,
  },
  // Credentials in URLs: scheme://user:password@host.
  {
    hint: /:\/\/[^\s]*@/,
    pattern: /\b([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:/@'"]{1,256}:)[^\s@'"/]{1,256}@/gi,
    replace: (mask, _m, head = "") => `${head}${mask}@`,
  },
  // Well-known token shapes (OpenAI/Anthropic, GitHub, Slack, AWS, Google, Stripe, JWT, HF).
  {
    hint: /sk-|[rp]k-|gh[pousr]_|github_pat_|glpat-|xox|AKIA|AIza|k_live_|hf_|eyJ/,
    pattern:
      /\b(?:sk-(?:ant-|proj-|or-)?[A-Za-z0-9_-]{16,}|[rp]k-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|[rs]k_live_[0-9A-Za-z]{16,}|hf_[A-Za-z0-9]{30,}|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/g,
    replace: (mask) => mask,
  },
  // NAME=value where the name says it is a secret (env assignments, .env lines, query strings).
  // The shell's own PWD/OLDPWD are paths, not passwords.
  {
    hint: SECRET_NAME_HINT,
    pattern: new RegExp(
      `\\b(?!(?:OLD)?PWD=)((?:[A-Za-z_][A-Za-z0-9_]{0,64})?${SECRET_NAME}[A-Za-z0-9_]{0,32}[ \\t]{0,4}=[ \\t]{0,4})${NOT_A_SUBSTITUTION}${NOT_AN_ABSENT_VALUE}("[^"\\n]{1,4096}"|'[^'\\n]{1,4096}'|[^\\s'"&;|]{1,4096})`,
      "gi",
    ),
    replace: keepHead,
  },
  // --password=value, --api-key value, --token value.
  {
    hint: SECRET_NAME_HINT,
    pattern: new RegExp(
      `(--?(?:[a-z0-9]{1,32}-){0,3}${SECRET_NAME}(?:=|[ \\t]+))${NOT_A_SUBSTITUTION}("[^"\\n]{1,4096}"|'[^'\\n]{1,4096}'|[^\\s'"-][^\\s'"]{0,4095})`,
      "gi",
    ),
    replace: keepHead,
  },
  // JSON/YAML/header fields named like a secret: `"client_secret": "v"`, `X-Api-Key: v`.
  // Unquoted values must look like a credential (no spaces, 4+ characters, not only letters),
  // so prose such as `password: must be at least 8 characters` stays as it is.
  {
    hint: SECRET_NAME_HINT,
    pattern: new RegExp(
      `((?:^|[\\s'"{,])["']?[A-Za-z0-9_-]{0,40}${SECRET_NAME}["']?\\s{0,4}:\\s{0,4})("[^"\\n]{1,4096}"|'[^'\\n]{1,4096}'|(?=[^\\s'",}]{0,4095}[^A-Za-z\\s'",}])[^\\s'",}]{4,4096})`,
      "gim",
    ),
    replace: keepHead,
  },
  // curl/wget user:password (`-u bob:pw`, `--user=bob:pw`).
  {
    hint: /curl|wget|http/,
    pattern:
      /(\b(?:curl|wget|http)\b[^|;&\n]{0,300}?(?:\s-u|\s-U|--user|--proxy-user|--http-user)(?:=|\s{0,4})["']?[^\s:'"]{1,256}:)([^\s'"]+)/g,
    replace: keepHead,
  },
  // sshpass -p secret.
  {
    hint: /sshpass/,
    pattern: /(\bsshpass\s+-p\s*)("[^"]*"|'[^']*'|[^\s'"]+)/g,
    replace: keepHead,
  },
  // mysql -psecret (the password is glued to -p).
  {
    hint: /mysql/,
    pattern: /(\bmysql(?:dump|admin|sh)?\b[^|;&\n]{0,200}?\s-p)([^\s'"-][^\s'"]*)/g,
    replace: keepHead,
  },
];

/**
 * Hide secrets in text: private keys, authorization headers, bearer tokens, credentials in URLs,
 * well-known token shapes, `NAME=value` / `--name value` / `name: value` where the name says it
 * is a secret, `curl -u user:pass`, `sshpass -p`, `mysql -p<password>`. Ordinary text
 * (`max_tokens=4096`, `password: must be at least 8 characters`) and substitutions
 * (`TOKEN="$(...)"`, which a reviewer must see) are left as they are.
 */
export function redactSecrets(text: string, options: RedactOptions = {}): string {
  const mask = options.mask ?? "***";
  let out = text;
  for (const rule of RULES) {
    if (!rule.hint.test(out)) continue;
    // The callback receives the match, each capture group (undefined when it did not take part),
    // then the offset and the whole string, which are dropped here.
    out = out.replace(rule.pattern, (match: string, ...rest: unknown[]) =>
      rule.replace(
        mask,
        match,
        ...rest.slice(0, -2).map((group) => (group as string | undefined) ?? ""),
      ),
    );
  }
  return out;
}
