// Database shells that run JavaScript (mongosh and the legacy mongo shell): the code given with
// `--eval` or on stdin is Node code, so it is folded like any JavaScript one-liner (a method
// name spelled in pieces, `db["dr" + "opDatabase"]()`) and judged by what it can do: a
// `child_process` spawn, a file delete, as well as the database's own destructive calls.
import {
  readOptions,
  stdinText,
  type OptionTable,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { matchOf, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { foldCode } from "./code-folding.js";
import { codeMatch } from "./interpreter-rules.js";
import { SQL_RULES } from "./sql-rules.js";
import { PROCESS_RULES } from "./process-rules.js";

/** Programs whose inline code is JavaScript run against a database. */
export const JS_DB_SHELLS: ReadonlySet<string> = new Set(["mongosh", "mongo"]);

const MONGO_SHELL: OptionTable = {
  shortWithValue: "uphf",
  longWithValue: [
    "eval",
    "host",
    "port",
    "username",
    "password",
    "authenticationDatabase",
    "authenticationMechanism",
    "file",
    "tlsCertificateKeyFile",
    "tlsCAFile",
    "apiVersion",
    "awsIamSessionToken",
    "gssapiServiceName",
    "sspiHostnameCanonicalization",
  ],
};

// Calls that drop or empty data, including the ones spelled through an index or in pieces.
const DESTRUCTIVE =
  /(?:\.\s*|\[\s*['"`])(?:dropDatabase|drop|dropCollection|dropIndexes|dropAllUsers|dropUser|dropAllRoles)(?:['"`]\s*\])?\s*\(|(?:\.\s*|\[\s*['"`])(?:deleteMany|remove)(?:['"`]\s*\])?\s*\(\s*\{\s*\}\s*\)|(?:\.\s*|\[\s*['"`])updateMany(?:['"`]\s*\])?\s*\(\s*\{\s*\}/;
const SHUTDOWN = /(?:\.\s*|\[\s*['"`])(?:shutdownServer|fsyncLock)(?:['"`]\s*\])?\s*\(/;

/** The code a mongo shell runs: `--eval` values (each one) and the text it reads on stdin. */
function shellCode(cmd: ResolvedCommand): string[] {
  const read = readOptions(cmd.args, MONGO_SHELL);
  const out = read.options.filter((o) => o.name === "eval" && o.value !== null);
  const code = out.map((o) => o.value ?? "");
  const input = stdinText(cmd.source);
  if (input !== null) code.push(input);
  return code;
}

/** Judge what a JavaScript database shell's code does. */
export function dbShellCodeMatch(
  cmd: ResolvedCommand,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  let found: DangerousCommandMatch | null = null;
  for (const code of shellCode(cmd)) {
    const folded = foldCode(code, "node");
    if (DESTRUCTIVE.test(folded)) return matchOf(SQL_RULES.datastore);
    if (SHUTDOWN.test(folded)) found ??= matchOf(PROCESS_RULES.service);
    const match = codeMatch(code, "node", ctx);
    if (match?.hardline) return match;
    found ??= match;
  }
  return found;
}
