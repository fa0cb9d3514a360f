// CI servers driven from their command-line clients: `java -jar jenkins-cli.jar -s URL
// delete-job deploy-prod`, `... groovy = < payload.groovy` (a script run inside the controller
// with every credential it holds). Deleting jobs, nodes or credentials, running scripts on the
// controller and shutting it down are held; listing and building are not.
import { commandBaseName, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { EXEC_RULES } from "./exec-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PLATFORM_RULES } from "./platform-rules.js";

// jenkins-cli's own options that take a value.
const JENKINS_VALUES = /^-(?:s|auth|i|user|logger|bearer|p|f)$/;
const JENKINS_DELETE =
  /^(?:delete-(?:job|jobs|node|nodes|view|builds|credentials|credentials-domain)|clear-queue|disconnect-node|offline-node|uninstall-plugin)$/;
const JENKINS_CODE =
  /^(?:groovy|groovysh|install-plugin|create-credentials-by-xml|update-credentials-by-xml)$/;
const JENKINS_STATE =
  /^(?:shutdown|safe-shutdown|restart|safe-restart|quiet-down|disable-job|cancel-quiet-down|reload-configuration|update-job)$/;

/** The jenkins-cli command of `java -jar jenkins-cli.jar ...` or `jenkins-cli ...`. */
function jenkinsCommand(cmd: ResolvedCommand): string | null {
  const texts = cmd.args.map((word) => word.text);
  let at = 0;
  if (cmd.name === "java") {
    const jar = texts.indexOf("-jar");
    if (jar < 0 || !/^jenkins-cli.*\.jar$/.test(commandBaseName(texts[jar + 1] ?? ""))) return null;
    at = jar + 2;
  } else if (cmd.name !== "jenkins-cli") return null;
  for (let i = at; i < texts.length; i++) {
    const text = texts[i] ?? "";
    if (JENKINS_VALUES.test(text)) i++;
    else if (!text.startsWith("-")) return text;
  }
  return null;
}

/** CI controllers told to delete, run code or stop. */
export const ciServerRule: CommandRule = (cmd) => {
  const command = jenkinsCommand(cmd);
  if (command === null) return null;
  if (JENKINS_DELETE.test(command)) return matchOf(PLATFORM_RULES.cloudDelete);
  if (JENKINS_CODE.test(command)) return matchOf(EXEC_RULES.remoteExec);
  return JENKINS_STATE.test(command) ? matchOf(OPS_CLI_RULES.stateChange) : null;
};
