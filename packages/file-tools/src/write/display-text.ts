import { READ_DEDUP_STATUS_MESSAGE } from "../read/read-file.js";

function isStatusText(content: string): boolean {
  const stripped = content.trim();
  if (stripped === "") return false;
  if (stripped === READ_DEDUP_STATUS_MESSAGE) return true;
  return (
    stripped.includes(READ_DEDUP_STATUS_MESSAGE) &&
    stripped.length <= 2 * READ_DEDUP_STATUS_MESSAGE.length
  );
}

function isNumberedDisplay(content: string): boolean {
  const lines = content.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");
  if (lines.length < 2) return false;
  const numbers: number[] = [];
  for (const line of lines) {
    const match = /^(\d+)\|/.exec(line.trimStart());
    if (match !== null) numbers.push(Number(match[1]));
  }
  if (numbers.length < 2 || numbers.length / lines.length < 0.6) return false;
  let consecutive = 0;
  for (let i = 1; i < numbers.length; i++)
    if (numbers[i] === (numbers[i - 1] ?? 0) + 1) consecutive++;
  return consecutive >= numbers.length - 1;
}

/**
 * True when content is read_file's own output pasted back (the dedup status message, or
 * mostly consecutive `N|` numbered lines) rather than the file the model meant to write.
 */
export function isReadFileDisplayText(content: string): boolean {
  return isStatusText(content) || isNumberedDisplay(content);
}
