import { WebToolsError, WebToolsErrorCode } from "../web-tools-error.js";

interface UnpdfModule {
  getResolvedPDFJS(): Promise<unknown>;
  getDocumentProxy(data: Uint8Array, options?: Record<string, unknown>): Promise<unknown>;
  extractText(
    pdf: unknown,
    options: { mergePages: true },
  ): Promise<{ totalPages: number; text: string }>;
}

let loading: Promise<UnpdfModule> | undefined;

// pdf.js prints one advisory line about its Node build when its module is evaluated; it says
// nothing about the document and would land in the user's terminal, so that line alone is dropped.
async function importQuietly(): Promise<UnpdfModule> {
  /* eslint-disable no-console -- scoped filter of one advisory line printed by pdf.js on import */
  const original = console.log;
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("Please use the `legacy` build")) return;
    original(...args);
  };
  try {
    const unpdf = (await import("unpdf")) as unknown as UnpdfModule;
    // unpdf loads pdf.js lazily; load it now, inside the filtered window.
    await unpdf.getResolvedPDFJS();
    return unpdf;
  } finally {
    console.log = original;
  }
  /* eslint-enable no-console */
}

function loadUnpdf(): Promise<UnpdfModule> {
  loading ??= importQuietly().catch((error: unknown) => {
    loading = undefined;
    throw new WebToolsError(
      WebToolsErrorCode.PdfUnavailable,
      "PDF text extraction needs the optional package 'unpdf': install it with `npm install unpdf`.",
      { cause: error },
    );
  });
  return loading;
}

/** The text of a PDF, pages separated by blank lines. Needs the optional peer `unpdf`. */
export async function pdfToText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const unpdf = await loadUnpdf();
  try {
    const doc = await unpdf.getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    const { text, totalPages } = await unpdf.extractText(doc, { mergePages: true });
    return { text: text.trim(), pages: totalPages };
  } catch (error) {
    throw new WebToolsError(
      WebToolsErrorCode.UnsupportedContent,
      `Could not read the PDF: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
