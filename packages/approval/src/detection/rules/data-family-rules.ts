// One entry point for the data-family tables: message brokers, datastore admin CLIs and
// HTTP APIs, secret managers, storage and host administration, container runtimes.
import type { CommandRule } from "../rule-context.js";
import { brokerAdminRule } from "./broker-admin-tables.js";
import { datastoreAdminRule } from "./datastore-admin-tables.js";
import { datastoreHttpApiRule } from "./datastore-http-api.js";

const RULES: readonly CommandRule[] = [brokerAdminRule, datastoreAdminRule, datastoreHttpApiRule];

/** The data-family rules, first match wins. */
export const dataFamilyRule: CommandRule = (cmd, ctx) => {
  for (const judge of RULES) {
    const found = judge(cmd, ctx);
    if (found) return found;
  }
  return null;
};
