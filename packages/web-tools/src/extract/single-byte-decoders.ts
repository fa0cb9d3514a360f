// windows-1252 decoding. WHATWG maps the labels latin1, iso-8859-1, us-ascii and windows-1252 to
// one encoding whose bytes 0x80-0x9F are typographic characters (“ ” – — € ...). Node's
// TextDecoder decodes these labels as ISO-8859-1 control characters, so they are mapped here.

const C1_TO_WINDOWS_1252 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

const WINDOWS_1252_LABELS: ReadonlySet<string> = new Set([
  "windows-1252",
  "cp1252",
  "x-cp1252",
  "latin1",
  "iso-8859-1",
  "iso8859-1",
  "iso_8859-1",
  "l1",
  "ascii",
  "us-ascii",
  "ansi_x3.4-1968",
]);

/** True when `label` names windows-1252 (or one of the labels WHATWG maps to it). */
export function isWindows1252(label: string): boolean {
  return WINDOWS_1252_LABELS.has(label.toLowerCase());
}

/** Decode windows-1252 bytes. */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const codes: number[] = [];
    const end = Math.min(bytes.length, start + chunk);
    for (let i = start; i < end; i += 1) {
      const byte = bytes[i] ?? 0;
      codes.push(byte >= 0x80 && byte <= 0x9f ? (C1_TO_WINDOWS_1252[byte - 0x80] ?? byte) : byte);
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}
