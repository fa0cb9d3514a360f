// Assignments: what a `NAME=VALUE` records in the variable scope, and the commands it amounts
// to (environment hooks, prompt code, command tables).
import type { Node } from "web-tree-sitter";
import { tableAssignmentCommands } from "./command-tables.js";
import { staticWord, type Word } from "./shell-ir.js";
import { mktempValue } from "./temp-paths.js";
import type { Assignment, TreeWalk } from "./tree-walk.js";
import { promptCode } from "./tree-words.js";
import { lookupVariable, UNKNOWN_VALUE, type VariableValue } from "./variables.js";

// Variables whose assignment rules judge as a command (`export NAME=VALUE`): history settings,
// what makes the dynamic loader or node load extra code, and what turns off TLS or checksum
// verification or changes the package index for later commands.
const ENVIRONMENT_HOOKS =
  /^(?:HISTFILE|HISTSIZE|HISTFILESIZE|SAVEHIST|HISTIGNORE|LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|GCONV_PATH|NODE_OPTIONS|ENV|BASH_ENV|ZDOTDIR|PERL5OPT|PERL5LIB|PERLLIB|RUBYOPT|RUBYLIB|PYTHONPATH|PYTHONHOME|PYTHONSTARTUP|NODE_PATH|LD_LIBRARY_PATH|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|NODE_TLS_REJECT_UNAUTHORIZED|GIT_SSL_NO_VERIFY|GIT_SSL_CAINFO|PYTHONHTTPSVERIFY|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|SSL_CERT_FILE|NODE_EXTRA_CA_CERTS|GOSUMDB|GOINSECURE|GONOSUMDB|GONOSUMCHECK|GOFLAGS|GOPROXY|CARGO_HTTP_CHECK_REVOKE|COMPOSER_DISABLE_TLS|(?:NPM_CONFIG|npm_config|YARN|PIP|UV)_[A-Za-z_]+)$/;

// Variables whose value bash runs as code: before each prompt, or expanded in a prompt.
const CODE_VARIABLES = /^(?:PROMPT_COMMAND|PS[0124])$/;

/** Read an assignment node: its name and the word assigned. */
export function readAssignment(w: TreeWalk, node: Node): Assignment | null {
  const name = node.childForFieldName("name")?.text;
  if (name !== undefined) w.nameSubscript(name);
  const valueNode = node.childForFieldName("value");
  if (name === undefined) return null;
  if (valueNode === null)
    return {
      name,
      value: {
        text: "",
        dynamic: false,
        glob: false,
        substitutions: [],
        processSubstitution: false,
      },
    };
  const words = w.word(valueNode);
  const first = words[0];
  const value: Word =
    words.length === 1 && first !== undefined
      ? first
      : {
          text: words.map((w) => w.text).join(" "),
          dynamic: words.some((w) => w.dynamic),
          glob: false,
          substitutions: words.flatMap((w) => w.substitutions),
          processSubstitution: false,
        };
  return { name, value };
}

/** Record a variable assignment in the scope; returns what was assigned. */
export function setVariable(w: TreeWalk, node: Node, flags = ""): Assignment | null {
  const assigned = readAssignment(w, node);
  if (assigned === null) return null;
  const valueText = node.childForFieldName("value")?.text ?? "";
  const array = node.childForFieldName("value")?.type === "array" ? valueText : null;
  for (const table of tableAssignmentCommands(assigned.name, assigned.value, array)) w.emit(table);
  if (/^"?\$(?:IFS|\{IFS\})"?$/.test(valueText)) {
    w.scope.set(assigned.name, { text: " \t\n", dynamic: false });
    return assigned;
  }
  if (/\$\{?IFS\b/.test(valueText)) {
    w.scope.set(assigned.name, UNKNOWN_VALUE);
    return assigned;
  }
  if (flags.includes("n")) {
    // A name reference reads the variable it names.
    const target = lookupVariable(w.scope, assigned.value.text);
    w.scope.set(
      assigned.name,
      target === null || target === "separator" || assigned.value.dynamic ? UNKNOWN_VALUE : target,
    );
    return assigned;
  }
  if (flags.includes("i")) w.integers.add(assigned.name);
  if (w.integers.has(assigned.name)) w.arithmetic(assigned.value.text);
  if (ENVIRONMENT_HOOKS.test(assigned.name))
    w.emit({
      assignments: [],
      words: [
        staticWord("export"),
        { ...assigned.value, text: `${assigned.name}=${assigned.value.text}` },
      ],
      redirects: [],
      upstream: [],
    });
  if (CODE_VARIABLES.test(assigned.name)) {
    if (assigned.value.dynamic) w.runsCode(null);
    else if (!assigned.name.startsWith("PS")) w.runsCode(assigned.value.text);
    else {
      const code = promptCode(assigned.value.text);
      if (code !== null) w.runsCode(code);
    }
  }
  const valueNode = node.childForFieldName("value");
  if (node.text.startsWith(`${assigned.name}+=`)) w.scope.set(assigned.name, UNKNOWN_VALUE);
  else if (valueNode?.type === "array") w.scope.set(assigned.name, arrayValue(w, valueNode));
  else {
    const temp = mktempValue(assigned.value);
    w.scope.set(
      assigned.name,
      temp !== null
        ? { text: temp, dynamic: false }
        : { text: assigned.value.text, dynamic: assigned.value.dynamic },
    );
  }
  return assigned;
}

/** An array assigned from static words keeps its elements; anything else is unknown. */
function arrayValue(w: TreeWalk, node: Node): VariableValue {
  if (/[$`]/.test(node.text)) return UNKNOWN_VALUE;
  const elements = node.namedChildren.flatMap((child) => (child ? w.word(child) : []));
  if (elements.some((word) => word.dynamic || word.glob)) return UNKNOWN_VALUE;
  const texts = elements.map((word) => word.text);
  return { text: texts[0] ?? "", dynamic: false, elements: texts };
}
