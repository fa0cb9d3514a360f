/** Limits and locations the file tools use; every field has Hermes' default. */
export interface FileToolsSettings {
  /** Largest `limit` read_file accepts (`tool_output.max_lines`, 2000). */
  readonly maxLines: number;
  /** Longer lines are cut in read_file output (`tool_output.max_line_length`, 2000). */
  readonly maxLineLength: number;
  /** Largest read_file answer in characters (`file_read_max_chars`, 100 000). */
  readonly maxReadChars: number;
  /** The Hermes home: its config.yaml and .env are never written, its credentials never read. */
  readonly hermesHome: string;
  /**
   * How search_files searches: ripgrep when installed in the environment (`"auto"`), only
   * ripgrep, or only the built-in scanner.
   */
  readonly searchEngine: "auto" | "ripgrep" | "node";
  /**
   * Whether the local backend's files are reached directly on this machine (fast path)
   * instead of through its commands. Other backends always go through commands.
   */
  readonly hostFastPath: boolean;
}

/** Hermes' defaults, bar the home directory (resolved by the caller). */
export const FILE_TOOLS_DEFAULTS: Omit<FileToolsSettings, "hermesHome"> = {
  maxLines: 2000,
  maxLineLength: 2000,
  maxReadChars: 100_000,
  searchEngine: "auto",
  hostFastPath: true,
};
