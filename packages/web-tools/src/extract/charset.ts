import { decodeWindows1252, isWindows1252 } from "./single-byte-decoders.js";

// Character-set detection in the order browsers use: byte-order mark, the Content-Type charset,
// an in-document declaration (<meta charset>, <meta http-equiv>, <?xml encoding?>), then UTF-8.

const BOMS: readonly (readonly [readonly number[], string])[] = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xfe, 0xff], "utf-16be"],
  [[0xff, 0xfe], "utf-16le"],
];

const SNIFF_BYTES = 2048;

function fromBom(bytes: Uint8Array): string | undefined {
  for (const [mark, label] of BOMS) {
    if (mark.every((b, i) => bytes[i] === b)) return label;
  }
  return undefined;
}

function fromContentType(contentType: string): string | undefined {
  const match = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType);
  return match?.[1]?.toLowerCase();
}

function fromDocument(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, SNIFF_BYTES)).toString("latin1");
  const meta =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head);
  return meta?.[1]?.toLowerCase();
}

function isSupported(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/** The character set of a response body; unknown labels fall back to UTF-8. */
export function detectCharset(contentType: string, bytes: Uint8Array): string {
  const label = fromBom(bytes) ?? fromContentType(contentType) ?? fromDocument(bytes) ?? "utf-8";
  return isSupported(label) ? label : "utf-8";
}

/** Decode a response body to text with {@link detectCharset}; bad bytes become U+FFFD. */
export function decodeBody(contentType: string, bytes: Uint8Array): string {
  const charset = detectCharset(contentType, bytes);
  if (isWindows1252(charset)) return decodeWindows1252(bytes);
  return new TextDecoder(charset).decode(bytes);
}
