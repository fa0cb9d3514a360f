/**
 * A live, read-only view of a toolset index (toolset → tool names). Readers see every change the
 * registry makes, but neither the map nor its sets have mutating methods, so a caller cannot
 * add ghost tools to the registry's own tables (a cast to `Map` finds no `set` to call).
 */
export function readonlyIndexView(
  index: ReadonlyMap<string, ReadonlySet<string>>,
): ReadonlyMap<string, ReadonlySet<string>> {
  const views = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();
  const viewOf = (set: ReadonlySet<string>): ReadonlySet<string> => {
    let view = views.get(set);
    if (view === undefined) {
      view = readonlySetView(set);
      views.set(set, view);
    }
    return view;
  };
  // Iterators run over a copy made when iteration starts, holding views, never the sets.
  const snapshot = (): Map<string, ReadonlySet<string>> =>
    new Map([...index].map(([key, set]) => [key, viewOf(set)]));
  const view: ReadonlyMap<string, ReadonlySet<string>> = {
    get size() {
      return index.size;
    },
    get: (key) => {
      const set = index.get(key);
      return set === undefined ? undefined : viewOf(set);
    },
    has: (key) => index.has(key),
    keys: () => index.keys(),
    values: () => snapshot().values(),
    entries: () => snapshot().entries(),
    forEach: (callback, thisArg?: unknown) => {
      for (const [key, set] of index) callback.call(thisArg, viewOf(set), key, view);
    },
    [Symbol.iterator]: () => view.entries(),
  };
  return Object.freeze(view);
}

function readonlySetView(set: ReadonlySet<string>): ReadonlySet<string> {
  const view: ReadonlySet<string> = {
    get size() {
      return set.size;
    },
    has: (value) => set.has(value),
    keys: () => set.keys(),
    values: () => set.values(),
    entries: () => set.entries(),
    forEach: (callback, thisArg?: unknown) => {
      for (const value of set) callback.call(thisArg, value, value, view);
    },
    [Symbol.iterator]: () => set.values(),
  };
  return Object.freeze(view);
}
