// What the walker's pieces (simple commands, pipelines, assignments) share: the state of one
// walk over a syntax tree and the ways to record what it finds.
import type { Node } from "web-tree-sitter";
import type { Redirect, SimpleCommand, Stage } from "./shell-ir.js";
import type { RedirectContext } from "./tree-redirects.js";
import type { WordContext } from "./tree-words.js";

/** One assignment of a simple command or statement. */
export type Assignment = SimpleCommand["assignments"][number];

/** The walk in progress, as the construct readers see it. */
export interface TreeWalk extends WordContext, RedirectContext {
  /** Every simple command recorded so far, in the order bash starts them. */
  readonly all: SimpleCommand[];
  /** The stages feeding the commands walked now (inside a compound pipeline stage). */
  inherited: readonly Stage[];
  /** Input redirections of the compound command walked now, which its commands read from. */
  inheritedInput: readonly Redirect[];
  /** End offsets of command words that are really the descriptor of the next redirection. */
  readonly descriptorEnds: Set<number>;
  /** Variables declared `-i`: bash evaluates what is assigned to them as arithmetic. */
  readonly integers: Set<string>;
  /** Set when a `&` operator sends a command to the background. */
  background: boolean;
  /** Record a simple command as run. */
  emit(cmd: SimpleCommand): void;
  /** Walk any statement node. */
  walk(node: Node): void;
  /** Record the code an arithmetic expression runs. */
  arithmetic(text: string): void;
  /** Record the code in an array-element name's subscript. */
  nameSubscript(name: string): void;
}
