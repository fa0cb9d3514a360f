import type { FileAccess } from "../access/file-access.js";
import { FileToolsError, FileToolsErrorCode } from "../file-tools-error.js";

/** A text file as read from disk, with what must survive a rewrite. */
export interface TextFile {
  /** Content without a leading BOM, line endings as on disk. */
  readonly text: string;
  readonly hadBom: boolean;
  /** "\r\n" when CRLF appears in the first 4 KB, "\n" when LF does, else undefined. */
  readonly lineEnding: "\r\n" | "\n" | undefined;
  readonly mtimeMs: number;
}

/** The dominant line ending of a sample (CRLF if any in the first 4 KB). */
export function detectLineEnding(text: string): "\r\n" | "\n" | undefined {
  const head = text.slice(0, 4096);
  if (head.includes("\r\n")) return "\r\n";
  if (head.includes("\n")) return "\n";
  return undefined;
}

/** Every line ending of `text` (CRLF, lone CR, LF) turned into `ending`. */
export function normalizeLineEndings(text: string, ending: "\r\n" | "\n"): string {
  const lf = text.replace(/\r\n|\r/g, "\n");
  return ending === "\n" ? lf : lf.replace(/\n/g, "\r\n");
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Read a text file; undefined when it does not exist; throws for a non-regular or non-text file. */
export async function readTextFile(
  access: FileAccess,
  file: string,
): Promise<TextFile | undefined> {
  const stat = await access.stat(file);
  if (stat === undefined) return undefined;
  if (stat.kind !== "file") {
    throw new FileToolsError(
      FileToolsErrorCode.NotRegular,
      `Cannot edit '${file}': not a regular file (directory, FIFO, socket, or device).`,
    );
  }
  const bytes = await access.readBytes(file);
  let raw: string;
  try {
    raw = STRICT_UTF8.decode(bytes);
  } catch (error) {
    throw new FileToolsError(
      FileToolsErrorCode.NotText,
      `Cannot edit '${file}': it is not UTF-8 text (binary, or another encoding), and rewriting it would corrupt it. Use the terminal for this file.`,
      { cause: error },
    );
  }
  if (bytes.includes(0)) {
    throw new FileToolsError(
      FileToolsErrorCode.NotText,
      `Cannot edit '${file}': it is a binary file (it contains NUL bytes). Use the terminal for this file.`,
    );
  }
  const hadBom = raw.startsWith("\ufeff");
  const text = hadBom ? raw.slice(1) : raw;
  return { text, hadBom, lineEnding: detectLineEnding(text), mtimeMs: stat.mtimeMs };
}

/**
 * The bytes to write for `text` replacing `previous`: its CRLF line endings and BOM are
 * kept, since models send LF text without a BOM.
 */
export function encodeLike(text: string, previous: TextFile | undefined): Uint8Array {
  let out = text;
  if (previous?.lineEnding === "\r\n") out = normalizeLineEndings(out, "\r\n");
  if (previous?.hadBom === true && !out.startsWith("\ufeff")) out = `\ufeff${out}`;
  return new TextEncoder().encode(out);
}
