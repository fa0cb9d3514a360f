// One entry point for the operations-CLI tables: cluster provisioners, registries and cloud
// state changes, commands sent to cloud machines, code hosts, package managers (including
// `dpkg -i` / `rpm -i` of an archive or URL, whose maintainer scripts run as root, and helm
// plugins from a URL), and `nsenter` into the host's namespaces.
import { DYNAMIC, hasOption, readOptions } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { cloudRemoteExecRules } from "./cloud-remote-exec.js";
import { verbTableRule } from "./cli-verb-tables.js";
import { CODE_HOST_TABLES } from "./code-host-tables.js";
import { INFRA_CLI_TABLES } from "./infra-cli-tables.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { packageManagerRules } from "./package-manager-rules.js";
import { PLATFORM_RULES } from "./platform-rules.js";
import { migrationRules } from "./migration-cli-tables.js";
import { sqlScriptFileRule } from "./sql-script-files.js";
import { teardownTargetRule } from "./teardown-targets.js";
import { DEPLOY_CLI_TABLES } from "./deploy-cli-tables.js";
import { VIRT_CI_CLI_TABLES } from "./virt-ci-cli-tables.js";
import { SERVICE_ADMIN_CLI_TABLES } from "./service-admin-cli-tables.js";
import { HOST_DEVICE_CLI_TABLES } from "./host-device-cli-tables.js";
import { CLUSTER_CONFIG_CLI_TABLES } from "./cluster-config-cli-tables.js";
import { DELIVERY_SECRETS_CLI_TABLES } from "./delivery-secrets-cli-tables.js";
import { ACCESS_WIDENING_CLI_TABLES } from "./access-widening-cli-tables.js";
import { secretStoreReadRule } from "./secret-store-reads.js";
import { containerApiRule } from "./container-api-rules.js";
import { packageFetchRunRule } from "./package-fetch-run.js";
import { firewallOpenRule } from "./firewall-open-rules.js";
import { privilegeToolRule } from "./privilege-tool-rules.js";
import { secretExposureRule } from "./secret-exposure-rules.js";
import { ciServerRule } from "./ci-server-rules.js";
import { cloudExposureRule } from "./cloud-exposure-rules.js";
import { dataFamilyRule } from "./data-family-rules.js";
import { dataDumpSentRule } from "./data-dump-exfil.js";
import { containerPayloadRule } from "./container-payload-rules.js";
import { httpAdminApiRule } from "./http-admin-api-rules.js";
import { envInjectedArgsRule } from "./env-injected-args.js";
import type { DangerousCommandMatch } from "../types.js";

type Match = DangerousCommandMatch | null;

// Rules of the operations area that look at every command, not one program name.
const OPS_AREA_RULES: readonly CommandRule[] = [
  verbTableRule(DEPLOY_CLI_TABLES),
  verbTableRule(VIRT_CI_CLI_TABLES),
  verbTableRule(SERVICE_ADMIN_CLI_TABLES),
  verbTableRule(HOST_DEVICE_CLI_TABLES),
  verbTableRule(CLUSTER_CONFIG_CLI_TABLES),
  verbTableRule(DELIVERY_SECRETS_CLI_TABLES),
  verbTableRule(ACCESS_WIDENING_CLI_TABLES),
  migrationRules,
  sqlScriptFileRule,
  teardownTargetRule,
  secretStoreReadRule,
  containerApiRule,
  packageFetchRunRule,
  firewallOpenRule,
  privilegeToolRule,
  secretExposureRule,
  ciServerRule,
  cloudExposureRule,
  dataDumpSentRule,
  containerPayloadRule,
  httpAdminApiRule,
  envInjectedArgsRule,
  dataFamilyRule,
];

const infraTables = verbTableRule(INFRA_CLI_TABLES);
const codeHostTables = verbTableRule(CODE_HOST_TABLES);

/** `dpkg -i pkg.deb`, `rpm -Uvh https://...`: a package file installed straight into the system. */
const packageFileInstall: CommandRule = (cmd) => {
  const texts = cmd.args.map((word) => word.text);
  const installs =
    cmd.name === "dpkg"
      ? texts.some((t) => /^(?:--install|--unpack|-[a-zA-Z]*i[a-zA-Z]*)$/.test(t))
      : texts.some((t) =>
          /^(?:--install|--upgrade|--freshen|-(?![a-zA-Z]*q)[a-zA-Z]*[iUF][a-zA-Z]*)$/.test(t),
        );
  return installs ? matchOf(OPS_CLI_RULES.untrustedPackage) : null;
};

/** `nsenter` into the host's init (`-t 1`) or every namespace of a process: a host shell. */
const namespaceEntry: CommandRule = (cmd) => {
  const read = readOptions(cmd.args, {
    posix: true,
    shortWithValue: "tSGwr",
    longWithValue: ["target", "setuid", "setgid", "wd", "root"],
    long: ["all", "mount", "pid", "net", "ipc", "uts", "user", "cgroup", "preserve-credentials"],
  });
  const target = read.options.find((o) => o.name === "t" || o.name === "target")?.value ?? "";
  const mount = hasOption(read, "m", "mount", "a", "all");
  return (target === "1" && hasOption(read, "m", "mount", "a", "all", "p", "pid")) ||
    (mount && (target === "" || target.includes(DYNAMIC)))
    ? matchOf(PLATFORM_RULES.dockerHost)
    : null;
};

/** `helm plugin install URL`: a plugin's install hook runs code from wherever it points. */
const helmPlugin: CommandRule = (cmd) => {
  const ops = readOptions(cmd.args, { shortWithValue: "n", longWithValue: ["version"] }).operands;
  return ops[0]?.text === "plugin" &&
    ops[1]?.text === "install" &&
    /^(?:https?|git|ssh):|^git@/.test(ops[2]?.text ?? "")
    ? matchOf(OPS_CLI_RULES.untrustedPackage)
    : null;
};

/** Operations-CLI rules dispatched by command name. */
export const opsCliRules: CommandRule = (cmd, ctx) =>
  byName(cmd, ctx) ?? OPS_AREA_RULES.reduce<Match>((found, next) => found ?? next(cmd, ctx), null);

const byName: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "dpkg":
    case "rpm":
      return packageFileInstall(cmd, ctx);
    case "nsenter":
      return namespaceEntry(cmd, ctx);
    case "helm":
      return helmPlugin(cmd, ctx);
    default:
      return (
        infraTables(cmd, ctx) ??
        cloudRemoteExecRules(cmd, ctx) ??
        codeHostTables(cmd, ctx) ??
        packageManagerRules(cmd, ctx)
      );
  }
};
