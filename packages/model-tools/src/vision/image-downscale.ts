import type SharpFactory from "sharp";
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

/** Hermes-style note telling the model how to map coordinates back to the original image. */
export function scaleNote(scale: NonNullable<FittedImage["scale"]>): string {
  const fx = (scale.fromWidth / scale.toWidth).toFixed(2);
  const fy = (scale.fromHeight / scale.toHeight).toFixed(2);
  const factor =
    fx === fy
      ? `any coordinates you report by ${fx}`
      : `any x coordinates you report by ${fx} and any y coordinates by ${fy}`;
  return `Image downscaled from ${String(scale.fromWidth)}x${String(scale.fromHeight)} to ${String(scale.toWidth)}x${String(scale.toHeight)} for vision; multiply ${factor} to map back to the original image.`;
}
