// The permanent allowlist may only approve a single simple command: `make deploy` on the list
// must not approve `make deploy; rm -rf ~`. A command is compound when, outside single quotes,
// it has a list/pipe/redirection operator, a newline, a backtick or `$(` / `<(` / `>(`.
// Substitutions inside double quotes still run, so they count too.

/** True when `command` is more than one simple command (or redirects, or substitutes). */
export function isCompoundCommand(command: string): boolean {
  let inSingle = false;
  let inDouble = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (inSingle) {
      if (c === "'") inSingle = false;
      continue;
    }
    if (c === "\\") {
      if (command[i + 1] === "\n") return true;
      i++;
      continue;
    }
    if (c === "`" || c === "\n" || c === "\r") return true;
    if (c === "$" && command[i + 1] === "(") return true;
    if (inDouble) {
      if (c === '"') inDouble = false;
      continue;
    }
    if (c === "'") inSingle = true;
    else if (c === '"') inDouble = true;
    else if (c === ";" || c === "&" || c === "|" || c === "<" || c === ">") return true;
  }
  // An unterminated quote is not something we can reason about: treat it as compound.
  return inSingle || inDouble;
}
