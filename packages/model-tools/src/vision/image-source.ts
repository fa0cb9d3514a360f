import { open, stat } from "node:fs/promises";
import path from "node:path";
import {
  expandHome,
  FetchError,
  safeFetch,
  type HostResolver,
  type UrlPolicy,
} from "@hermes-agent/core";
import { ModelToolsError, ModelToolsErrorCode } from "../model-tools-error.js";

/** Bytes of an image read from a file or downloaded (50 MiB, Hermes' cap). */
export const MAX_IMAGE_BYTES: number = 50 * 1024 * 1024;

/** An image in memory with its media type (sniffed from its bytes, never trusted from a header). */
export interface LoadedImage {
  readonly data: Buffer;
  readonly mime: string;
}

/** How URL images are fetched. */
export interface ImageFetchOptions {
  readonly policy: UrlPolicy;
  readonly resolveHost?: HostResolver | undefined;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  /** Relative paths are read from here (default: the process's working directory). */
  readonly cwd?: string | undefined;
}

const FORMATS: readonly { readonly mime: string; readonly test: (b: Buffer) => boolean }[] = [
  {
    mime: "image/png",
    test: (b) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  },
  { mime: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: "image/gif", test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString("latin1")) },
  {
    mime: "image/webp",
    test: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" &&
      b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** Formats vision models do not take; named in the error so the user knows what to convert. */
function unsupportedFormat(data: Buffer): string | undefined {
  if (data.subarray(0, 2).toString("latin1") === "BM") return "BMP";
  const head = data.subarray(0, 512).toString("utf8").trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "SVG";
  if (/^(?:ii\*\0|mm\0\*)/.test(data.subarray(0, 4).toString("latin1"))) return "TIFF";
  return undefined;
}

/** The media type of image bytes; throws a clear error for anything else. */
export function sniffImageType(data: Buffer, source: string): string {
  const format = FORMATS.find((f) => f.test(data));
  if (format !== undefined) return format.mime;
  const other = unsupportedFormat(data);
  const what = other === undefined ? "is not an image" : `is a ${other} image`;
  throw new ModelToolsError(
    ModelToolsErrorCode.InvalidImage,
    `${describe(source)} ${what}; vision models take PNG, JPEG, GIF or WebP. Convert it (for example to PNG) and try again.`,
  );
}

function describe(source: string): string {
  if (source.startsWith("data:")) return "The data: URL";
  return `'${source.length > 200 ? `${source.slice(0, 200)}…` : source}'`;
}

function tooLarge(source: string, bytes: number | undefined): ModelToolsError {
  const size = bytes === undefined ? "more than" : `${String(bytes)} bytes, over`;
  return new ModelToolsError(
    ModelToolsErrorCode.ImageTooLarge,
    `Image too large: ${describe(source)} is ${size} the ${String(MAX_IMAGE_BYTES / 1024 / 1024)} MB limit.`,
  );
}

function fromDataUrl(source: string): LoadedImage {
  const match = /^data:([^,]*?),(.*)$/s.exec(source);
  if (match === null || !(match[1] ?? "").toLowerCase().endsWith(";base64")) {
    throw new ModelToolsError(
      ModelToolsErrorCode.InvalidImage,
      "Invalid data: URL: expected data:<type>;base64,<data>.",
    );
  }
  const payload = (match[2] ?? "").replace(/\s+/g, "");
  if ((payload.length * 3) / 4 > MAX_IMAGE_BYTES) throw tooLarge(source, undefined);
  const data = Buffer.from(payload, "base64");
  return { data, mime: sniffImageType(data, source) };
}

async function fromUrl(source: string, options: ImageFetchOptions): Promise<LoadedImage> {
  let response;
  try {
    response = await safeFetch(source, {
      policy: options.policy,
      limits: { maxBytes: MAX_IMAGE_BYTES, timeoutMs: options.timeoutMs },
      accept: "image/*,*/*;q=0.8",
      ...(options.resolveHost === undefined ? {} : { resolve: options.resolveHost }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    if (!FetchError.isInstance(error)) throw error;
    throw new ModelToolsError(ModelToolsErrorCode.ImageDownload, error.message, { cause: error });
  }
  if (response.status < 200 || response.status >= 300) {
    throw new ModelToolsError(
      ModelToolsErrorCode.ImageDownload,
      `Image download failed: HTTP ${String(response.status)} from ${response.url}`,
    );
  }
  if (response.truncated) throw tooLarge(source, undefined);
  return { data: response.body, mime: sniffImageType(response.body, source) };
}

async function fromFile(source: string, cwd: string | undefined): Promise<LoadedImage> {
  const raw = source.startsWith("file://") ? decodeURIComponent(source.slice(7)) : source;
  const file = path.resolve(cwd ?? process.cwd(), expandHome(raw));
  const info = await stat(file).catch(() => undefined);
  if (info === undefined || !info.isFile()) {
    throw new ModelToolsError(
      ModelToolsErrorCode.InvalidImage,
      `Image not found: ${file}. Give an http(s) URL, a data: URL, or the path of an existing image file.`,
    );
  }
  if (info.size > MAX_IMAGE_BYTES) throw tooLarge(source, info.size);
  const handle = await open(file, "r");
  try {
    const data = await handle.readFile();
    return { data, mime: sniffImageType(data, source) };
  } finally {
    await handle.close();
  }
}

/**
 * Load an image from an http(s) URL (under the private-address rules, every redirect checked),
 * a `data:` URL, or a local path (`~` expanded, `file://` accepted). At most 50 MiB; only PNG,
 * JPEG, GIF and WebP, recognised by their bytes.
 */
export async function loadImage(source: string, options: ImageFetchOptions): Promise<LoadedImage> {
  const trimmed = source.trim();
  if (trimmed === "") {
    throw new ModelToolsError(ModelToolsErrorCode.InvalidImage, "image_url is required");
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === "data") return fromDataUrl(trimmed);
  if (scheme === "http" || scheme === "https") return fromUrl(trimmed, options);
  if (scheme === undefined || scheme === "file" || scheme.length === 1) {
    return fromFile(trimmed, options.cwd);
  }
  throw new ModelToolsError(
    ModelToolsErrorCode.InvalidImage,
    `Unsupported image source scheme '${scheme}': give an http(s) URL, a data: URL or a local file path.`,
  );
}

/** `data:<mime>;base64,...` of an image. */
export function toDataUrl(image: LoadedImage): string {
  return `data:${image.mime};base64,${image.data.toString("base64")}`;
}
