import type SharpFactory from "sharp";
import { ModelToolsError, ModelToolsErrorCode } from "../model-tools-error.js";
import type { LoadedImage } from "./image-source.js";

/** An image re-encoded to fit, and how it was scaled (undefined when its size was kept). */
export interface FittedImage {
  readonly dataUrl: string;
  readonly scale?: {
    readonly fromWidth: number;
    readonly fromHeight: number;
    readonly toWidth: number;
    readonly toHeight: number;
  };
}

type Sharp = typeof SharpFactory;

let sharpModule: Promise<Sharp | undefined> | undefined;

/** The optional `sharp` package, or undefined when it is not installed. */
function loadSharp(): Promise<Sharp | undefined> {
  sharpModule ??= import("sharp").then(
    (m) => m.default,
    () => undefined,
  );
  return sharpModule;
}

const MIN_SIDE = 64;

/**
 * Re-encode `image` so its data URL is at most `maxChars` long: halve its sides (aspect kept,
 * 64 px floor) up to four times; PNG stays PNG, anything else becomes JPEG at quality 85, 70,
 * then 50 per size. Resolves to the best attempt, which may still be too large; undefined when
 * the optional `sharp` package is not installed.
 */
export async function downscaleToFit(
  image: LoadedImage,
  maxChars: number,
): Promise<FittedImage | undefined> {
  const sharp = await loadSharp();
  if (sharp === undefined) return undefined;
  const meta = await sharp(image.data).metadata();
  const fromWidth = meta.width;
  const fromHeight = meta.height;
  const png = image.mime === "image/png";
  let width = fromWidth;
  let height = fromHeight;
  let best: FittedImage | undefined;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (attempt > 0) {
      const next = [
        Math.max(Math.floor(width / 2), MIN_SIDE),
        Math.max(Math.floor(height / 2), MIN_SIDE),
      ];
      if (next[0] === width && next[1] === height) break;
      [width, height] = next as [number, number];
    }
    const scale =
      width === fromWidth && height === fromHeight
        ? undefined
        : { fromWidth, fromHeight, toWidth: width, toHeight: height };
    for (const quality of png ? [undefined] : [85, 70, 50]) {
      const resized = sharp(image.data, { animated: false }).resize(width, height, { fit: "fill" });
      const data =
        quality === undefined
          ? await resized.png().toBuffer()
          : await resized.flatten({ background: "#ffffff" }).jpeg({ quality }).toBuffer();
      const dataUrl = `data:${png ? "image/png" : "image/jpeg"};base64,${data.toString("base64")}`;
      best = scale === undefined ? { dataUrl } : { dataUrl, scale };
      if (dataUrl.length <= maxChars) return best;
    }
  }
  return best;
}

/** A region cut out of an image, and where it starts in the original. */
export interface CroppedImage {
  readonly image: LoadedImage;
  readonly offsetX: number;
  readonly offsetY: number;
}

/**
 * Cut `[x1, y1, x2, y2]` (original-image pixels, clamped to the image) out of `image`, at full
 * resolution. PNG and JPEG keep their format, anything else becomes PNG. Needs the optional
 * `sharp` package.
 */
export async function cropRegion(
  image: LoadedImage,
  region: readonly number[],
): Promise<CroppedImage> {
  const sharp = await loadSharp();
  if (sharp === undefined) {
    throw new ModelToolsError(
      ModelToolsErrorCode.InvalidImage,
      'Cropping a region needs the optional "sharp" package: install it, or call vision_analyze without region.',
    );
  }
  const { width, height } = await sharp(image.data).metadata();
  const [x1, y1, x2, y2] = region.map((v) => Math.round(v)) as [number, number, number, number];
  const left = Math.min(Math.max(x1, 0), width);
  const top = Math.min(Math.max(y1, 0), height);
  const right = Math.min(Math.max(x2, 0), width);
  const bottom = Math.min(Math.max(y2, 0), height);
  if (right <= left || bottom <= top) {
    throw new ModelToolsError(
      ModelToolsErrorCode.InvalidImage,
      `region [${region.join(", ")}] selects nothing inside the ${String(width)}x${String(height)} image: give [x1, y1, x2, y2] with x1 < x2 and y1 < y2 in image pixels.`,
    );
  }
  const cut = sharp(image.data, { animated: false }).extract({
    left,
    top,
    width: right - left,
    height: bottom - top,
  });
  const jpeg = image.mime === "image/jpeg";
  const data = jpeg ? await cut.jpeg({ quality: 95 }).toBuffer() : await cut.png().toBuffer();
  return {
    image: { data, mime: jpeg ? "image/jpeg" : "image/png" },
    offsetX: left,
    offsetY: top,
  };
}

/** Hermes-style note telling the model how to map coordinates back to the original image. */
export function scaleNote(
  scale: FittedImage["scale"],
  crop?: { readonly offsetX: number; readonly offsetY: number },
): string | undefined {
  const parts: string[] = [];
  if (scale !== undefined) parts.push(downscaleNote(scale));
  if (crop !== undefined) {
    parts.push(
      `Analysis was performed on a cropped region of the original image starting at offset (${String(crop.offsetX)}, ${String(crop.offsetY)}); coordinates are relative to that crop origin — add the offset to map back to the full image.`,
    );
  }
  return parts.length === 0 ? undefined : parts.join(" ");
}

function downscaleNote(scale: NonNullable<FittedImage["scale"]>): string {
  const fx = (scale.fromWidth / scale.toWidth).toFixed(2);
  const fy = (scale.fromHeight / scale.toHeight).toFixed(2);
  const factor =
    fx === fy
      ? `any coordinates you report by ${fx}`
      : `any x coordinates you report by ${fx} and any y coordinates by ${fy}`;
  return `Image downscaled from ${String(scale.fromWidth)}x${String(scale.fromHeight)} to ${String(scale.toWidth)}x${String(scale.toHeight)} for vision; multiply ${factor} to map back to the original image.`;
}
