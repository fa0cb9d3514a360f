const MAX_ENTRIES = 1000;
const MAX_FAILING_PATHS = 64;

function remember<K, V>(map: Map<K, V>, key: K, value: V, cap = MAX_ENTRIES): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > cap) {
    const oldest = map.keys().next();
    if (oldest.done === true) break;
    map.delete(oldest.value);
  }
}

/** What the file tools remember about one task: reads, repeats, patch failures. */
export class TaskFileState {
  /** Key of the last read_file/search_files call, while nothing else was called since. */
  #lastKey: string | undefined;
  #consecutive = 0;
  /** (resolved path, offset, limit) → mtime of the file when that region was returned. */
  readonly #dedup = new Map<string, number>();
  /** Stub answers given per dedup key since the last real read. */
  readonly #dedupHits = new Map<string, number>();
  /** Resolved path → mtime when the task last read or wrote it. */
  readonly #readTimes = new Map<string, number>();
  /** Resolved path → consecutive patch failures. */
  readonly #patchFailures = new Map<string, number>();

  /** Count a read/search call; returns how many times in a row this exact call was made. */
  countRepeat(key: string): number {
    if (this.#lastKey === key) this.#consecutive += 1;
    else {
      this.#lastKey = key;
      this.#consecutive = 1;
    }
    return this.#consecutive;
  }

  /** Another tool ran: repeats are no longer consecutive and stub loops are broken. */
  otherToolCalled(): void {
    this.#lastKey = undefined;
    this.#consecutive = 0;
    this.#dedupHits.clear();
  }

  /** mtime recorded when this exact region was last returned, if any. */
  dedupMtime(key: string): number | undefined {
    return this.#dedup.get(key);
  }

  /** One more stub answer for `key`; returns the count. */
  countDedupHit(key: string): number {
    const hits = (this.#dedupHits.get(key) ?? 0) + 1;
    remember(this.#dedupHits, key, hits);
    return hits;
  }

  /** A real read of `key` (of the file at `path`) happened with the file at `mtime`. */
  recordRead(key: string, path: string, mtime: number): void {
    this.#dedupHits.delete(key);
    remember(this.#dedup, key, mtime);
    remember(this.#readTimes, path, mtime);
  }

  /** mtime of `path` when the task last read or wrote it. */
  lastSeenMtime(path: string): number | undefined {
    return this.#readTimes.get(path);
  }

  /** The task wrote `path` (now at `mtime`): forget cached regions, refresh the timestamp. */
  recordWrite(path: string, mtime: number | undefined): void {
    for (const key of [...this.#dedup.keys()]) {
      if (key.startsWith(`${path}\0`)) this.#dedup.delete(key);
    }
    if (mtime !== undefined) remember(this.#readTimes, path, mtime);
  }

  /** Forget cached regions (after context compression the model needs the content again). */
  resetDedup(): void {
    this.#dedup.clear();
    this.#dedupHits.clear();
  }

  /** One more failed patch of `path`; returns the consecutive count. */
  countPatchFailure(path: string): number {
    const count = (this.#patchFailures.get(path) ?? 0) + 1;
    remember(this.#patchFailures, path, count, MAX_FAILING_PATHS);
    return count;
  }

  /** A patch of `path` succeeded. */
  clearPatchFailures(path: string): void {
    this.#patchFailures.delete(path);
  }
}

/** Per-task file state, created on first use. */
export class FileStateRegistry {
  readonly #tasks = new Map<string, TaskFileState>();

  forTask(taskId: string): TaskFileState {
    let state = this.#tasks.get(taskId);
    if (state === undefined) {
      state = new TaskFileState();
      this.#tasks.set(taskId, state);
    }
    return state;
  }

  /** Forget a task entirely. */
  release(taskId: string): void {
    this.#tasks.delete(taskId);
  }

  /** Reset cached regions of one task, or of every task. */
  resetDedup(taskId?: string): void {
    if (taskId !== undefined) this.#tasks.get(taskId)?.resetDedup();
    else for (const state of this.#tasks.values()) state.resetDedup();
  }
}

/** Serialises work per path: a writer waits for the previous one on the same file. */
export class PathLocks {
  readonly #tails = new Map<string, Promise<void>>();

  /** Run `work` once every earlier holder of all `paths` is done (locks taken in sorted order). */
  async withLocks<T>(paths: readonly string[], work: () => Promise<T>): Promise<T> {
    const unique = [...new Set(paths)].sort();
    const releases: (() => void)[] = [];
    for (const key of unique) {
      const previous = this.#tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => mine);
      this.#tails.set(key, tail);
      releases.push(() => {
        release();
        if (this.#tails.get(key) === tail) this.#tails.delete(key);
      });
      await previous;
    }
    try {
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }
}
