// Paths a command inside a container names, seen from the host. Under a bind mount a path is
// the host path it maps to (`-v "$PWD/data":/data` makes `/data/tmp` the tree's `./data/tmp`);
// under a named volume it is persistent data and keeps its absolute form (judged as outside);
// anywhere else in a container that `docker run` creates, it is the container's own throwaway
// filesystem and cannot touch the host, so it is judged as a path inside a scratch directory.
// `docker exec` enters a container whose mounts are not known here: its paths stay as given.
import { DYNAMIC, optionValues, type ReadOptions, type Word } from "@hermes-agent/shell";

interface Mount {
  /** Host path, or null for a named volume. */
  readonly host: string | null;
  readonly container: string;
}

// Where container-private paths are placed for judging: a relative directory of the tree.
const PRIVATE_ROOT = "./.container-fs";

// The fields of a `--mount` value (`type=bind,source=/,target=/host`).
const MOUNT_TARGET = /(?:^|,)(?:target|destination|dst)=([^,]+)/;
const MOUNT_TYPE = /(?:^|,)(?:type)=([^,]+)/;
const MOUNT_SOURCE = /(?:^|,)(?:source|src)=([^,]+)/;

function mountOf(value: string, long: boolean): Mount | null {
  if (long) {
    const field = (pattern: RegExp): string => pattern.exec(value)?.[1] ?? "";
    const target = field(MOUNT_TARGET);
    if (target === "") return null;
    const type = field(MOUNT_TYPE) || "volume";
    const source = field(MOUNT_SOURCE);
    return { host: type === "bind" ? source : null, container: target };
  }
  const [source = "", target = ""] = value.split(":");
  if (target === "") return { host: null, container: source };
  // `-v name:/data` is a named volume; a bind mount starts with `/`, `.`, `~` or a variable.
  const bind = /^[/.~]/.test(source) || source.startsWith(DYNAMIC);
  return { host: bind ? source : null, container: target };
}

function under(text: string, container: string): boolean {
  const base = container.replace(/\/+$/, "");
  return text === base || text.startsWith(`${base}/`) || (base === "" && text.startsWith("/"));
}

/**
 * The words of a container command as the host sees them. `created` is true for `run` and
 * `create` (the container's own filesystem is fresh); false for `exec`.
 */
export function hostViewOfContainerWords(
  read: ReadOptions,
  words: readonly Word[],
  created: boolean,
): Word[] {
  const mounts = [
    ...optionValues(read, "v", "volume").map((o) => mountOf(o.value ?? "", false)),
    ...optionValues(read, "mount").map((o) => mountOf(o.value ?? "", true)),
  ].filter((mount): mount is Mount => mount !== null);
  // Mounts from other containers are not known here: nothing is private then.
  const knownMounts = created && optionValues(read, "volumes-from").length === 0;
  return words.map((word) => {
    if (word.dynamic || !word.text.startsWith("/")) return word;
    const mount = mounts
      .filter((m) => under(word.text, m.container))
      .sort((a, b) => b.container.length - a.container.length)[0];
    if (mount !== undefined) {
      if (mount.host === null) return word;
      const rest = word.text.slice(mount.container.replace(/\/+$/, "").length);
      return { ...word, text: mount.host + rest, dynamic: mount.host.includes(DYNAMIC) };
    }
    return knownMounts ? { ...word, text: PRIVATE_ROOT + word.text } : word;
  });
}
