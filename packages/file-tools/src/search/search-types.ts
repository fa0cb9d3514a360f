/** What to search, after the tool resolved its arguments. */
export interface SearchRequest {
  readonly pattern: string;
  /** Absolute directory (or file) to search. */
  readonly root: string;
  /** Whether `root` is a single file. */
  readonly rootIsFile: boolean;
  readonly target: "content" | "files";
  readonly fileGlob: string | undefined;
  /** Lines of context around each match (content target). */
  readonly context: number;
  /** Match letters in any case (ripgrep -i). */
  readonly ignoreCase?: boolean;
  /** Treat the pattern as literal text (ripgrep -F). */
  readonly fixedStrings?: boolean;
  /**
   * Order of file-name results: "discovery" (path order, no modification times read) or
   * "modified" (newest first, every match's time read). Content results are always by path.
   */
  readonly order?: FileOrder;
  readonly signal?: AbortSignal | undefined;
}

/** search_files' `order` values (Hermes' names). */
export type FileOrder = "discovery" | "modified";

/** One line of content output, its file relative to the root ("" when the root is a file). */
export interface LineHit {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly isContext: boolean;
}

/** One file found by name. */
export interface FileHit {
  readonly file: string;
  readonly mtimeMs: number;
}

/** What an engine found: lines of matching files (sorted by file, then line), or files. */
export type EngineResult =
  | { readonly kind: "lines"; readonly hits: LineHit[]; readonly matchCounts: Map<string, number> }
  | { readonly kind: "files"; readonly hits: FileHit[] }
  | { readonly kind: "error"; readonly message: string };

/** Longest text kept of one matching line. */
export const MAX_LINE_TEXT = 500;

/** Order of file-name results: newest first, then by path. */
export function byNewest(a: FileHit, b: FileHit): number {
  return b.mtimeMs - a.mtimeMs || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
}

/** Sort file hits in the requested order. */
export function sortFileHits(hits: FileHit[], order: FileOrder | undefined): FileHit[] {
  return order === "modified" ? hits.sort(byNewest) : hits.sort((a, b) => byPath(a.file, b.file));
}

/** Byte-wise path order, the same in both engines. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
