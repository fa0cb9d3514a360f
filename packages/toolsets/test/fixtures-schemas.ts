/** An execute_code description in the shape Hermes builds: an import line and one stub per sandbox tool. */
export const EXECUTE_CODE_DESCRIPTION: string = [
  "Run a Python script that calls tools itself; only what it prints comes back.",
  "Import them with `from hermes_tools import web_search, web_extract, read_file, write_file, search_files, patch, terminal`.",
  "",
  "Functions:",
  "  web_search(query: str, limit: int = 5) -> dict",
  "      Results are under data.web.",
  "  web_extract(urls: list[str]) -> dict",
  "  read_file(path: str, offset: int = 1, limit: int = 2000) -> dict",
  "  write_file(path: str, content: str) -> dict",
  '  search_files(pattern: str, target: str = "content", path: str = ".") -> dict',
  "  patch(path: str, old_string: str, new_string: str) -> dict",
  "  terminal(command: str, timeout: int | None = None) -> dict",
  "      Foreground commands only.",
  "",
  "Limits: 5-minute timeout, at most 50 tool calls.",
].join("\n");

/** A browser_navigate description with Hermes' advice to prefer the web tools. */
export const BROWSER_NAVIGATE_DESCRIPTION: string =
  "Open a URL in the browser. For simple information retrieval, prefer web_search or web_extract (faster, cheaper). Use the browser to interact with a page.";
