/** Paths that never reach end of file or wait for input. */
const BLOCKED_DEVICES: ReadonlySet<string> = new Set([
  "/dev/zero",
  "/dev/random",
  "/dev/urandom",
  "/dev/full",
  "/dev/stdin",
  "/dev/tty",
  "/dev/console",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/fd/0",
  "/dev/fd/1",
  "/dev/fd/2",
]);

/** /proc/<pid>/... files that hang, leak secrets (environ, cmdline) or the memory layout. */
const BLOCKED_PROC_SUFFIXES = [
  "/fd/0",
  "/fd/1",
  "/fd/2",
  "/environ",
  "/cmdline",
  "/maps",
  "/smaps",
  "/smaps_rollup",
  "/numa_maps",
  "/mem",
  "/auxv",
  "/pagemap",
];

/** True for a device or /proc path that read_file must not open (path text only, no I/O). */
export function isBlockedDevicePath(absolute: string): boolean {
  if (BLOCKED_DEVICES.has(absolute)) return true;
  return absolute.startsWith("/proc/") && BLOCKED_PROC_SUFFIXES.some((s) => absolute.endsWith(s));
}

/** Hermes' refusal for a blocked device path. */
export function blockedDeviceMessage(input: string): string {
  return `Cannot read '${input}': this is a device file that would block or produce infinite output.`;
}
