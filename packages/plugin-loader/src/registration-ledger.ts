import type { Logger } from "@hermes-agent/core";
import { describe } from "./plugin-module.js";

/** Kinds of things a plugin registers. */
export type RegistrationKind = "tool" | "hook" | "middleware" | "command" | "skill" | "cleanup";

interface Registration {
  readonly kind: RegistrationKind;
  readonly name: string;
  readonly undo: () => void | Promise<void>;
}

/**
 * Everything one plugin instance registered, with the way to undo each. Releasing undoes them
 * newest first, so an unload or a reload leaves nothing behind (no zombie tools or hooks); after
 * release, new registrations are refused.
 */
export class RegistrationLedger {
  readonly #entries: Registration[] = [];
  #released = false;

  /** True once {@link release} has run. */
  get released(): boolean {
    return this.#released;
  }

  add(kind: RegistrationKind, name: string, undo: () => void | Promise<void>): void {
    this.#entries.push({ kind, name, undo });
  }

  /** Names registered of one kind, in registration order. */
  names(kind: RegistrationKind): string[] {
    return this.#entries.filter((entry) => entry.kind === kind).map((entry) => entry.name);
  }

  /** Undo everything, newest first; a failing undo is logged and the rest still run. */
  async release(logger: Logger, who: string): Promise<void> {
    this.#released = true;
    for (const entry of this.#entries.splice(0).reverse()) {
      try {
        await entry.undo();
      } catch (error) {
        logger.warn(`${who}: undoing ${entry.kind} '${entry.name}' failed: ${describe(error)}`);
      }
    }
  }
}
