import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

function timestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${String(date.getFullYear())}${pad(date.getMonth() + 1)}${pad(date.getDate())}_` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`
  );
}

/**
 * Write image bytes to `<hermesHome>/cache/images/<prefix>_<YYYYMMDD_HHMMSS>_<8 hex>.<ext>`
 * (written to a temporary name, then renamed, so no half-written image is ever seen).
 * Returns the absolute path.
 */
export async function saveImage(
  hermesHome: string,
  data: Buffer,
  prefix: string,
  extension = "png",
): Promise<string> {
  const dir = path.join(hermesHome, "cache", "images");
  await mkdir(dir, { recursive: true });
  const name = `${prefix}_${timestamp(new Date())}_${randomBytes(4).toString("hex")}.${extension}`;
  const file = path.join(dir, name);
  const temporary = path.join(dir, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temporary, data, { mode: 0o644 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return file;
}
