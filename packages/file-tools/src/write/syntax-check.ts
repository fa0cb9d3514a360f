import type { FileAccess } from "../access/file-access.js";
import { extensionOf } from "../read/binary-content.js";

const PYTHON_CHECK = [
  "import ast, sys",
  "source = sys.stdin.read()",
  "try:",
  "    ast.parse(source)",
  "except SyntaxError as error:",
  "    print(f'line {error.lineno}: {error.msg}')",
  "    sys.exit(1)",
].join("\n");

/** First syntax error of `content` as the language sees it; "" when it parses; undefined when not checked. */
async function firstError(
  extension: string,
  content: string,
  access: FileAccess,
): Promise<string | undefined> {
  switch (extension) {
    case ".json":
      try {
        JSON.parse(content);
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    case ".yaml":
    case ".yml": {
      // The parsers load on the first check of their file type, not with the package.
      const { parseAllDocuments } = await import("yaml");
      const problems = parseAllDocuments(content, { prettyErrors: false }).flatMap((doc) =>
        "errors" in doc ? doc.errors : [],
      );
      return problems[0]?.message ?? "";
    }
    case ".toml":
      try {
        const { parse: parseToml } = await import("smol-toml");
        parseToml(content);
        return "";
      } catch (error) {
        return (error as Error).message.split("\n")[0] ?? "";
      }
    case ".py": {
      const result = await access.python(PYTHON_CHECK, content);
      if (result === undefined) return undefined;
      return result.exitCode === 0 ? "" : result.output.trim();
    }
    default:
      return undefined;
  }
}

/** Hermes' lint field: ok, error (with output), or skipped (with why). */
export type LintReport =
  | { readonly status: "ok"; readonly output: string }
  | { readonly status: "error"; readonly output: string }
  | { readonly status: "skipped"; readonly message: string };

/**
 * Syntax check after a write of a .json/.yaml/.toml/.py file, reporting only an error the
 * write introduced (a file that was already broken before is not blamed on this write).
 * Undefined for other file types.
 */
export async function syntaxCheckDelta(
  file: string,
  before: string | undefined,
  after: string,
  access: FileAccess,
): Promise<LintReport | undefined> {
  const extension = extensionOf(file);
  const now = await firstError(extension, after, access);
  if (now === undefined) {
    return extension === ".py"
      ? { status: "skipped", message: "python3 is not available in the environment" }
      : undefined;
  }
  if (now === "") return { status: "ok", output: "" };
  const earlier = before === undefined ? "" : await firstError(extension, before, access);
  if (earlier !== undefined && earlier !== "") return { status: "ok", output: "" };
  return { status: "error", output: now };
}
