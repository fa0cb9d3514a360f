// Settings of developer tools that weaken a check or change where code comes from, per tool:
// each entry is a key pattern (matched case-insensitively against the key as the tool spells
// it) and, optionally, a test of the value (`http.sslVerify` only when turned off; a registry
// only when it is not the tool's default one). The readers in tool-config-rules.ts find the
// key/value pairs each tool's `config set` syntax carries.
import { rule, type RuleInfo } from "../types.js";

/** Rules about tool settings changed outside the project. */
export const TOOL_CONFIG_RULES: Readonly<
  Record<"weakened" | "credentials" | "toolchainRemoved" | "untrustedFeed", RuleInfo>
> = {
  weakened: rule(
    "tool-config-weakened",
    "tool setting weakens a check or redirects where code comes from (TLS or checksum verification off, untrusted registry, lifecycle scripts trusted)",
  ),
  credentials: rule(
    "tool-credentials-overwrite",
    "stored cloud credentials or the command that supplies them overwritten",
  ),
  toolchainRemoved: rule(
    "toolchain-uninstall",
    "a language toolchain manager uninstalls itself and every toolchain it manages",
  ),
  untrustedFeed: rule(
    "install-untrusted-feed",
    "tool or package installed from a git repository, a URL or a plain-http feed (its code runs unreviewed)",
  ),
} as const;

/** One dangerous setting: the key, and the values that make it dangerous (any when absent). */
export interface SettingEntry {
  readonly key: RegExp;
  readonly value?: (value: string) => boolean;
  readonly rule?: RuleInfo;
}

const OFF = /^(?:false|0|no|off|none|disabled?)$/i;
const ON = /^(?:true|1|yes|on|always|enabled?)$/i;
const isOff = (value: string): boolean => OFF.test(value.trim());
const isOn = (value: string): boolean => ON.test(value.trim());
const PLAIN_HTTP = /(?:^|[\s,;|=])http:\/\//i;
const plainHttp = (value: string): boolean => PLAIN_HTTP.test(value);
const DEFAULT_REGISTRY =
  /^https:\/\/(?:registry\.npmjs\.org|registry\.yarnpkg\.com|registry\.npmmirror\.com|pypi\.org\/simple|files\.pythonhosted\.org|rubygems\.org|api\.nuget\.org|proxy\.golang\.org|sum\.golang\.org|repo\.packagist\.org|packagist\.org|conda\.anaconda\.org|repo\.anaconda\.com)\/?/i;
/** A URL other than the tool's default registry (an empty value resets to the default). */
const otherRegistry = (value: string): boolean => {
  const text = value.trim().replace(/^["']|["']$/g, "");
  return text !== "" && !DEFAULT_REGISTRY.test(text);
};
const anyValue = (value: string): boolean => value.trim() !== "";

/** npm, pnpm, yarn classic and bun's `.npmrc` keys. */
export const NPM_SETTINGS: readonly SettingEntry[] = [
  { key: /^strict-ssl$/, value: isOff },
  { key: /^(?:@[\w.-]+:)?registry$/, value: otherRegistry },
  { key: /^(?:https?-)?proxy$|^noproxy$/, value: anyValue },
  { key: /^(?:ca|cafile)$/, value: anyValue },
  { key: /^ignore-scripts$/, value: isOff },
  { key: /^unsafe-perm$/, value: isOn },
  { key: /^(?:script-shell|shell|git|node-options|onload-script|init-module|editor|browser)$/ },
  { key: /^prefix$/, value: (value) => !/^(?:~|\$HOME|\/home\/|\/Users\/)/.test(value.trim()) },
];

/** Yarn Berry's `.yarnrc.yml` keys. */
export const YARN_SETTINGS: readonly SettingEntry[] = [
  ...NPM_SETTINGS,
  { key: /^enableStrictSsl$/i, value: isOff },
  { key: /^(?:npmRegistryServer|npmScopes\..+\.npmRegistryServer)$/i, value: otherRegistry },
  { key: /^unsafeHttpWhitelist/i },
  { key: /^(?:httpsCaFilePath|caFilePath|httpProxy|httpsProxy|injectEnvironmentFiles)$/i },
  { key: /^(?:yarnPath|plugins)$/i },
  { key: /^checksumBehavior$/i, value: (value) => /^(?:ignore|update)$/i.test(value.trim()) },
];

/** pip's `pip.conf` keys (`global.index-url`, `install.trusted-host`). */
export const PIP_SETTINGS: readonly SettingEntry[] = [
  { key: /^\w+\.(?:trusted-host|cert|client-cert|proxy)$/ },
  { key: /^\w+\.(?:index-url|extra-index-url|find-links|i)$/, value: otherRegistry },
  { key: /^\w+\.break-system-packages$/, value: isOn },
];

/** Poetry's settings. */
export const POETRY_SETTINGS: readonly SettingEntry[] = [
  { key: /^certificates\..+\.cert$/, value: isOff },
  { key: /^certificates\..+\.client-cert$/ },
  { key: /^repositories\..+(?:\.url)?$/, value: otherRegistry },
  { key: /^installer\.no-binary$/, value: anyValue },
];

/** Composer's settings. */
export const COMPOSER_SETTINGS: readonly SettingEntry[] = [
  { key: /^secure-http$/, value: isOff },
  { key: /^disable-tls$/, value: isOn },
  { key: /^(?:cafile|capath)$/ },
  { key: /^allow-plugins$/, value: isOn },
  {
    key: /^repos?(?:itories)?\.packagist(?:\.org)?$/,
    value: (value) => plainHttp(value) || /^false$/i.test(value),
  },
  { key: /^repos?(?:itories)?\./, value: plainHttp },
];

/** Go's environment settings written by `go env -w`. */
export const GO_SETTINGS: readonly SettingEntry[] = [
  {
    key: /^GOSUMDB$/,
    value: (value) => /^off$/i.test(value) || plainHttp(value) || otherRegistry(value),
  },
  { key: /^(?:GONOSUMDB|GONOSUMCHECK|GOINSECURE)$/, value: anyValue },
  { key: /^GOPRIVATE$/, value: (value) => /(?:^|,)\*(?:,|$)/.test(value) },
  {
    key: /^GOPROXY$/,
    value: (value) =>
      value
        .split(/[,|]/)
        .some((part) => part !== "direct" && part !== "off" && otherRegistry(part)),
  },
  { key: /^GOFLAGS$/, value: (value) => /-insecure\b/.test(value) },
];

/** Bundler's settings. */
export const BUNDLE_SETTINGS: readonly SettingEntry[] = [
  { key: /^ssl_verify_mode$/, value: (value) => value.trim() === "0" },
  { key: /^mirror\./, value: plainHttp },
  { key: /^(?:ssl_ca_cert|ssl_client_cert)$/ },
  { key: /^disable_checksum_validation$/, value: isOn },
];

/** Conda's settings. */
export const CONDA_SETTINGS: readonly SettingEntry[] = [
  { key: /^ssl_verify$/, value: isOff },
  { key: /^(?:channels|default_channels|channel_alias|custom_channels)$/, value: otherRegistry },
  {
    key: /^(?:allow_non_channel_urls|safety_checks)$/,
    value: (value) => /^(?:true|disabled)$/i.test(value),
  },
];

/** git's settings that weaken transport or trust (command-running keys are judged elsewhere). */
export const GIT_SETTINGS: readonly SettingEntry[] = [
  { key: /^http(?:\..+)?\.sslverify$/i, value: isOff },
  { key: /^http(?:\..+)?\.(?:sslcainfo|sslcapath|sslbackend)$/i },
  { key: /^(?:https?)(?:\..+)?\.proxy$/i, value: anyValue },
  { key: /^safe\.directory$/i, value: (value) => value.trim() === "*" },
  { key: /^protocol(?:\.\w+)?\.allow$/i, value: (value) => /^always$/i.test(value.trim()) },
  { key: /^(?:transfer|fetch|receive)\.fsckobjects$/i, value: isOff },
];

/** AWS CLI profile settings that replace credentials or what supplies them. */
export const AWS_SETTINGS: readonly SettingEntry[] = [
  {
    key: /^(?:[\w.-]+\.)?(?:aws_access_key_id|aws_secret_access_key|aws_session_token|credential_process|credential_source)$/i,
    rule: TOOL_CONFIG_RULES.credentials,
  },
  { key: /^(?:[\w.-]+\.)?(?:ca_bundle|endpoint_url)$/i },
];

/** gcloud's properties. */
export const GCLOUD_SETTINGS: readonly SettingEntry[] = [
  { key: /^auth\/disable_ssl_validation$/i, value: isOn },
  { key: /^(?:core\/custom_ca_certs_file|proxy\/.+|api_endpoint_overrides\/.+)$/i },
];
