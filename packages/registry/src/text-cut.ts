/**
 * The first `length` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair,
 * so a capped result never ends in half an emoji (which JSON would carry as a lone `\ud83d`).
 */
export function cutText(text: string, length: number): string {
  if (length <= 0) return "";
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}
