interface NotebookCell {
  readonly cell_type?: unknown;
  readonly source?: unknown;
  readonly outputs?: unknown;
}

function joined(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((part) => typeof part === "string").join("");
  return "";
}

function outputText(output: unknown): string {
  if (typeof output !== "object" || output === null) return "";
  const record = output as Record<string, unknown>;
  if (record.text !== undefined) return joined(record.text);
  const data = record.data as Record<string, unknown> | undefined;
  if (data?.["text/plain"] !== undefined) return joined(data["text/plain"]);
  if (typeof record.ename === "string") return `${record.ename}: ${joined(record.evalue)}`;
  return "";
}

/**
 * The readable text of a Jupyter notebook: each cell under a `# %% [type] cell N` header,
 * code cells followed by their text outputs. Undefined when the JSON is not a notebook.
 */
export function notebookText(json: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  const cells = (parsed as { cells?: unknown } | null)?.cells;
  if (!Array.isArray(cells)) return undefined;
  const parts: string[] = [];
  cells.forEach((raw, index) => {
    const cell = raw as NotebookCell;
    const type = typeof cell.cell_type === "string" ? cell.cell_type : "unknown";
    parts.push(`# %% [${type}] cell ${index + 1}`, joined(cell.source).replace(/\n$/, ""));
    if (type === "code" && Array.isArray(cell.outputs)) {
      const outputs = cell.outputs.map(outputText).filter((text) => text !== "");
      if (outputs.length > 0) parts.push("# Output:", outputs.join("").replace(/\n$/, ""));
    }
  });
  return parts.join("\n");
}
