/**
 * The environment variables skills have asked to pass to child processes (terminal commands,
 * execute_code scripts). Loading a skill that declares `required_environment_variables` adds
 * the ones that are set; the runtime hands `names()` to the child-env allowlist.
 */
export class SkillEnvPassthrough {
  readonly #names = new Set<string>();
  readonly #listeners = new Set<(names: readonly string[]) => void>();

  /** Add variable names; listeners hear about the ones that were new. */
  add(names: Iterable<string>): void {
    const added: string[] = [];
    for (const name of names) {
      if (!this.#names.has(name)) {
        this.#names.add(name);
        added.push(name);
      }
    }
    if (added.length === 0) return;
    for (const listener of this.#listeners) listener(added);
  }

  /** True when `name` passes through. */
  has(name: string): boolean {
    return this.#names.has(name);
  }

  /** All names, in the order they were added. */
  names(): string[] {
    return [...this.#names];
  }

  /** Hear about names as they are added; returns a function that stops listening. */
  onAdd(listener: (names: readonly string[]) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }
}
