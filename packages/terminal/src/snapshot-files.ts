/**
 * The shell-state snapshots of one environment: which file is current, and which older
 * ones running commands were started from (a file is deleted once it is neither). Lets
 * each command write a new file instead of replacing one, and lets parallel commands of a
 * task start safely while another one finishes.
 */
export class SnapshotFiles {
  #current: string | undefined;
  readonly #users = new Map<string, number>();
  readonly #discard: (file: string) => void;

  /** `discard` removes a snapshot file no command needs any more. */
  constructor(discard: (file: string) => void) {
    this.#discard = discard;
  }

  /** The snapshot the next command restores, if any command has written one. */
  get current(): string | undefined {
    return this.#current;
  }

  /** The snapshot a command starting now restores, marked in use until {@link release}. */
  acquire(): string | undefined {
    const file = this.#current;
    if (file !== undefined) this.#users.set(file, (this.#users.get(file) ?? 0) + 1);
    return file;
  }

  /** A command started from `file` ended. */
  release(file: string | undefined): void {
    if (file === undefined) return;
    const users = (this.#users.get(file) ?? 1) - 1;
    if (users > 0) {
      this.#users.set(file, users);
      return;
    }
    this.#users.delete(file);
    if (file !== this.#current) this.#discard(file);
  }

  /** Later commands restore nothing (the current snapshot is discarded once unused). */
  reset(): void {
    const previous = this.#current;
    this.#current = undefined;
    if (previous !== undefined && !this.#users.has(previous)) this.#discard(previous);
  }

  /** Make `file` the snapshot later commands restore. */
  adopt(file: string): void {
    const previous = this.#current;
    this.#current = file;
    if (previous !== undefined && previous !== file && !this.#users.has(previous))
      this.#discard(previous);
  }
}
