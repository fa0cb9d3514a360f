// Lines of plain words only (no quotes, operators, expansions or redirections) are read by
// splitting on blanks. This reading predates the grammar-exact fast path in plain-script.ts and
// differs from the grammar on a few lines (`export NAME=VALUE` stays a command, where the walker
// records an assignment); detection rules rely on it, so it is kept as it is.
import type { Script, Word } from "./shell-ir.js";

const PLAIN_WORD_CHARACTERS: Uint8Array = buildPlainWordCharacters();

function buildPlainWordCharacters(): Uint8Array {
  const allowed = new Uint8Array(128);
  const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,+@%^~*?[]= \t-";
  for (let i = 0; i < chars.length; i++) allowed[chars.charCodeAt(i)] = 1;
  return allowed;
}

/** True when the line holds plain word characters and blanks only. */
export function plainWordsOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || PLAIN_WORD_CHARACTERS[code] === 0) return false;
  }
  return true;
}

const RESERVED_FIRST =
  /^(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|function|select|coproc|time|[[]{1,2}|\{|\}|!)$/;
const BLANKS = /[ \t]+/;

/** The line split on blanks into one command, or null when its first word is syntax. */
export function plainWordsScript(text: string): Script | null {
  const parts = text.split(BLANKS).filter((part) => part !== "");
  const first = parts[0];
  if (first === undefined) return { commands: [], functions: [], incomplete: false };
  // Any `=` may make the first word an assignment (`a=1`, `a+=1`, `a[i]=1`), not the command.
  if (RESERVED_FIRST.test(first) || first.includes("=")) return null;
  const words: Word[] = parts.map((part) => ({
    text: part,
    dynamic: false,
    glob: part.includes("*") || part.includes("?") || part.includes("["),
    substitutions: [],
    processSubstitution: false,
  }));
  return {
    commands: [{ assignments: [], words, redirects: [], upstream: [] }],
    functions: [],
    incomplete: false,
  };
}
