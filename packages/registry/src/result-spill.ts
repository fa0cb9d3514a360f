import { randomUUID } from "node:crypto";
import { mkdir, readdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { cutText } from "./text-cut.js";

/** Cap on a tool result, in characters, unless the tool sets its own. */
export const DEFAULT_MAX_RESULT_CHARS = 100_000;
/** Characters of an oversized result shown inline before the file path. */
export const SPILL_PREVIEW_CHARS = 1_500;
/** Spill files older than this are removed when a new one is written. */
const SPILL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const prunedDirs = new Set<string>();

/** Directory that receives oversized results under a Hermes home. */
export function spillDirectory(hermesHome: string): string {
  return path.join(hermesHome, "cache", "spillover");
}

function preview(text: string): string {
  const head = cutText(text, SPILL_PREVIEW_CHARS);
  const newline = head.lastIndexOf("\n");
  return newline > SPILL_PREVIEW_CHARS / 2 ? head.slice(0, newline) : head;
}

async function pruneOld(dir: string, now: number): Promise<void> {
  if (prunedDirs.has(dir)) return;
  prunedDirs.add(dir);
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() === true && now - info.mtimeMs > SPILL_MAX_AGE_MS)
      await unlink(file).catch(() => undefined);
  }
}

/** Options of {@link spillOversizedResult}. */
export interface SpillOptions {
  readonly toolName: string;
  readonly maxChars: number;
  readonly hermesHome: string;
}

/**
 * Replace a result longer than `maxChars` with a preview and the path of a file holding all of
 * it, so the model can page through it with `read_file`. When the file cannot be written, the
 * result is cut to the cap with an inline notice instead. Results within the cap are returned as is.
 */
export async function spillOversizedResult(result: string, options: SpillOptions): Promise<string> {
  if (result.length <= options.maxChars) return result;
  const size = result.length;
  const dir = spillDirectory(options.hermesHome);
  const safeName = options.toolName.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64);
  const file = path.join(dir, `${safeName}-${Date.now()}-${randomUUID().slice(0, 8)}.txt`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(file, result, { encoding: "utf8", mode: 0o600 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const notice = `\n\n[Truncated: tool response was ${size} chars. Full output could not be saved to a file (${reason}).]`;
    return cutText(result, options.maxChars - notice.length) + notice;
  }
  await pruneOld(dir, Date.now()).catch(() => undefined);
  const kb = (Buffer.byteLength(result, "utf8") / 1024).toFixed(1);
  const shown = preview(result);
  return [
    "<persisted-output>",
    `This tool result was too large (${size} characters, ${kb} KB). Full output saved to: ${file}`,
    "Use the read_file tool with offset and limit to read the rest of it.",
    `Preview (first ${shown.length} chars):`,
    shown,
    "</persisted-output>",
  ].join("\n");
}
