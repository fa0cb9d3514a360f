/** The owner of names added without a skill (kept until {@link SkillEnvPassthrough.remove} of it). */
const UNOWNED = "";

/**
 * Where the skills tools put the variables loaded skills need: `skill_view` hands over the
 * variables of that skill that are set (replacing what the skill passed before), `skill_manage`
 * deletes take a deleted skill's variables away.
 */
export interface SkillEnvPassthroughSink {
  /**
   * The variables `skill` passes through now (replacing its earlier set); without `skill`,
   * names added for good.
   */
  add(names: Iterable<string>, skill?: string): void;
  /** The skill is gone: drop the variables only it passed through. */
  remove?(skill: string): void;
}

/**
 * The environment variables skills have asked to pass to child processes (terminal commands,
 * execute_code scripts), by skill. Loading a skill that declares `required_environment_variables`
 * sets the ones that are set; deleting the skill removes them, unless another loaded skill still
 * needs them. The runtime hands `names()` to the child-env allowlist of every command.
 */
export class SkillEnvPassthrough implements SkillEnvPassthroughSink {
  readonly #bySkill = new Map<string, ReadonlySet<string>>();
  #names: readonly string[] = [];
  readonly #listeners = new Set<(names: readonly string[]) => void>();
  readonly #changeListeners = new Set<(names: readonly string[]) => void>();

  add(names: Iterable<string>, skill?: string): void {
    const owner = skill ?? UNOWNED;
    const next = new Set(names);
    if (owner === UNOWNED) for (const name of this.#bySkill.get(UNOWNED) ?? []) next.add(name);
    this.#bySkill.set(owner, next);
    this.#recompute();
  }

  remove(skill: string): void {
    if (this.#bySkill.delete(skill)) this.#recompute();
  }

  /** True when `name` passes through. */
  has(name: string): boolean {
    return this.#names.includes(name);
  }

  /** All names, in the order they were first added. */
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

  /** Hear the full list whenever a name is added or removed; returns a function that stops listening. */
  onChange(listener: (names: readonly string[]) => void): () => void {
    this.#changeListeners.add(listener);
    return () => {
      this.#changeListeners.delete(listener);
    };
  }

  #recompute(): void {
    const union = new Set<string>();
    for (const names of this.#bySkill.values()) for (const name of names) union.add(name);
    const before = this.#names;
    const kept = before.filter((name) => union.has(name));
    const added = [...union].filter((name) => !before.includes(name));
    this.#names = [...kept, ...added];
    if (added.length > 0) for (const listener of this.#listeners) listener(added);
    if (added.length > 0 || kept.length !== before.length) {
      const now = this.names();
      for (const listener of this.#changeListeners) listener(now);
    }
  }
}
