// One entry point for the operations-CLI tables: cluster provisioners, registries and cloud
// state changes, code hosts, and package managers (including `dpkg -i` / `rpm -i` of an archive
// or URL, whose maintainer scripts run as root).
import { matchOf, type CommandRule } from "../rule-context.js";
import { verbTableRule } from "./cli-verb-tables.js";
import { CODE_HOST_TABLES } from "./code-host-tables.js";
import { INFRA_CLI_TABLES } from "./infra-cli-tables.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { packageManagerRules } from "./package-manager-rules.js";

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

/** Operations-CLI rules dispatched by command name. */
export const opsCliRules: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "dpkg":
    case "rpm":
      return packageFileInstall(cmd, ctx);
    default:
      return infraTables(cmd, ctx) ?? codeHostTables(cmd, ctx) ?? packageManagerRules(cmd, ctx);
  }
};
