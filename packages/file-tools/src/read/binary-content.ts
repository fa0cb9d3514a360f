/** Extensions whose files are never text (images, archives, executables, media, documents). */
const BINARY_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    ".png .jpg .jpeg .gif .webp .bmp .ico .tif .tiff .heic .avif .psd " +
    ".zip .gz .tgz .bz2 .xz .7z .rar .tar .zst .lz4 .jar .war .apk .whl .egg " +
    ".exe .dll .so .dylib .o .a .lib .bin .class .pyc .pyo .wasm .node " +
    ".mp3 .wav .flac .ogg .m4a .aac .mp4 .mov .avi .mkv .webm .wmv " +
    ".pdf .doc .docx .xls .xlsx .ppt .pptx .odt .ods .odp " +
    ".sqlite .sqlite3 .db .ttf .otf .woff .woff2 .eot .iso .dmg .img"
  ).split(" "),
);

/** The lowercase extension of a path ("" when none). */
export function extensionOf(file: string): string {
  const name = file.slice(file.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot).toLowerCase();
}

/** True when the extension alone says the file is binary. */
export function hasBinaryExtension(file: string): boolean {
  return BINARY_EXTENSIONS.has(extensionOf(file));
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Byte-level check: text is valid UTF-8 without NUL bytes. A multi-byte character cut at
 * the end of the sample does not count against it.
 */
export function looksBinary(sample: Uint8Array): boolean {
  if (sample.length === 0) return false;
  if (sample.includes(0)) return true;
  for (let cut = 0; cut < 4 && cut < sample.length; cut++) {
    try {
      decoder.decode(sample.subarray(0, sample.length - cut));
      return false;
    } catch {
      // try without a possibly cut trailing character
    }
  }
  return true;
}

const SIGNATURES: readonly (readonly [readonly number[], string])[] = [
  [[0x89, 0x50, 0x4e, 0x47], "PNG image data"],
  [[0xff, 0xd8, 0xff], "JPEG image data"],
  [[0x47, 0x49, 0x46, 0x38], "GIF image data"],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], "PDF document"],
  [[0x50, 0x4b, 0x03, 0x04], "ZIP archive (also docx/xlsx/jar/apk)"],
  [[0x1f, 0x8b], "gzip compressed data"],
  [[0x7f, 0x45, 0x4c, 0x46], "ELF executable"],
  [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], "SQLite database"],
];

/** Hermes' one-line refusal naming the kind and size of a binary file. */
export function describeBinary(sample: Uint8Array, size: number): string {
  const kind =
    SIGNATURES.find(([prefix]) => prefix.every((byte, i) => sample[i] === byte))?.[1] ??
    "unknown binary";
  const shown =
    size >= 1024 * 1024
      ? `${(size / (1024 * 1024)).toFixed(1)} MB`
      : size >= 1024
        ? `${(size / 1024).toFixed(1)} KB`
        : `${size} bytes`;
  return `Binary file (${kind}, ${shown}) — cannot display as text.`;
}
