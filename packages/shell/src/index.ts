// Anything exported here is public API of @hermes-agent/shell: change it only in a major version.

// Parsing
export { initializeParser, isParserReady } from "./parse-shell.js";
export { lastCommand, isCompound, parseShell, simpleCommands } from "./shell-commands.js";
export type { ShellCommand } from "./shell-commands.js";
export { displayFormOfCommand } from "./display-form.js";
export { normalizeCommandText } from "./normalize-text.js";

// The parse's shape (what approval's rules read)
export { DYNAMIC, isSimple, staticWord } from "./shell-ir.js";
export type {
  CompoundStage,
  FunctionDef,
  Redirect,
  Script,
  SimpleCommand,
  Stage,
  Word,
} from "./shell-ir.js";

// Wrappers, options, static evaluation
export { commandBaseName } from "./resolved-command.js";
export type { ResolvedCommand } from "./resolved-command.js";
export { isWrapper, resolveLayers, unwrap, wrapperFlags } from "./wrappers.js";
export { hasLong, hasShort, parseFlags } from "./flags.js";
export type { FlagSpec, ParsedFlags } from "./flags.js";
export { canonicalLongOption, hasOption, optionValues, readOptions } from "./option-table.js";
export type { OptionTable, ReadOption, ReadOptions } from "./option-table.js";
export { SUDO_OPTIONS } from "./sudo-options.js";
export { stageOutput, staticOutput, stdinText } from "./static-eval.js";
export { decodeBackslashEscapes } from "./escapes.js";
export { findEntries } from "./find-entries.js";
export { VERSION } from "./version.js";
