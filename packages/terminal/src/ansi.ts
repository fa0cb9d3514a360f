import { stripVTControlCharacters } from "node:util";

// What Node's stripVTControlCharacters gets wrong: the body of device-control, SOS, PM and APC
// strings (ESC P ... ESC \\), CSI introduced by the 8-bit C1 byte, and character-set
// designations (`ESC ( B`, `ESC ) 0`) and two-character escapes (`ESC 7`), after which it
// also eats the next character.
const LEFT_BY_NODE =
  // eslint-disable-next-line no-control-regex
  /\u001b[PX^_][^\u001b]*(?:\u001b\\|$)|\u009b[0-?]*[ -/]*[@-~]|\u001b[()*+\-./][ -/]*[0-~]|\u001b(?![[\]PX^_])[0-~]/g;

/**
 * Remove terminal escape sequences (colours, cursor moves, titles, character-set switches such
 * as `ESC ( B` that `tput sgr0` prints) from `text`: Node's `util.stripVTControlCharacters`, plus
 * the device-control strings and 8-bit CSI it does not handle.
 */
export function stripAnsi(text: string): string {
  if (!text.includes("\u001b") && !text.includes("\u009b")) return text;
  return stripVTControlCharacters(text.replace(LEFT_BY_NODE, ""));
}
