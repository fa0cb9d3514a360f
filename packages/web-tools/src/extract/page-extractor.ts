import { safeFetch, type FetchedResponse, type SafeFetchOptions } from "../fetch/safe-fetch.js";
import { WebToolsError, WebToolsErrorCode } from "../web-tools-error.js";
import { decodeBody } from "./charset.js";
import { pdfToText } from "./pdf-text.js";

/** A page fetched and turned into text. */
export interface ExtractedPage {
  /** The URL after redirects. */
  readonly url: string;
  readonly title: string;
  /** Markdown for HTML, plain text for PDFs and text files. */
  readonly content: string;
  /** Absolute links of an HTML page (empty for other kinds). */
  readonly links: readonly string[];
  readonly contentType: string;
}

const BINARY_SIGNATURES: readonly (readonly [string, string])[] = [
  ["PK\u0003\u0004", "ZIP archive"],
  ["\u001f\u008b", "gzip archive"],
  ["\u007fELF", "ELF executable"],
  ["\u0089PNG", "PNG image"],
  ["\u00ff\u00d8\u00ff", "JPEG image"],
  ["GIF8", "GIF image"],
  ["SQLite format 3", "SQLite database"],
];

function isPdf(response: FetchedResponse): boolean {
  return (
    response.contentType.startsWith("application/pdf") ||
    response.body.subarray(0, 5).toString("latin1") === "%PDF-"
  );
}

function isHtml(response: FetchedResponse, text: string): boolean {
  if (/^(text\/html|application\/xhtml\+xml)/.test(response.contentType)) return true;
  if (response.contentType !== "") return false;
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(text);
}

function isTextual(contentType: string): boolean {
  return (
    contentType === "" ||
    contentType.startsWith("text/") ||
    /^application\/(json|xml|javascript|x-yaml|yaml|ld\+json|rss\+xml|atom\+xml)/.test(
      contentType,
    ) ||
    /\+(json|xml)\b/.test(contentType)
  );
}

function binaryKind(body: Buffer): string | undefined {
  const head = body.subarray(0, 16).toString("latin1");
  return BINARY_SIGNATURES.find(([magic]) => head.startsWith(magic))?.[1];
}

/** Turn a fetched response into an {@link ExtractedPage}. */
export async function pageFromResponse(response: FetchedResponse): Promise<ExtractedPage> {
  if (response.status < 200 || response.status >= 300) {
    throw new WebToolsError(WebToolsErrorCode.HttpStatus, `HTTP ${String(response.status)}`, {
      details: { status: response.status },
    });
  }
  const base = { url: response.url, contentType: response.contentType };
  if (isPdf(response)) {
    if (response.truncated) {
      throw new WebToolsError(
        WebToolsErrorCode.TooLarge,
        `PDF is larger than the ${String(response.body.length)}-byte download limit.`,
      );
    }
    const { text } = await pdfToText(response.body);
    const name = decodeURIComponent(new URL(response.url).pathname.split("/").pop() ?? "");
    return { ...base, title: name, content: text, links: [] };
  }
  const kind = binaryKind(response.body);
  if (kind !== undefined || !isTextual(response.contentType)) {
    throw new WebToolsError(
      WebToolsErrorCode.UnsupportedContent,
      `URL returned binary content (${kind ?? response.contentType}), not a page. Download it with the terminal (curl -L -o) and read the file instead.`,
    );
  }
  const text = decodeBody(response.contentType, response.body);
  if (isHtml(response, text)) {
    // The DOM and Markdown libraries load on the first page, not with the package.
    const { htmlToMarkdown } = await import("./html-to-markdown.js");
    const page = htmlToMarkdown(text, response.url);
    return { ...base, title: page.title, content: page.markdown, links: page.links };
  }
  return { ...base, title: "", content: text.trim(), links: [] };
}

/** Fetch one URL under the safety rules and extract its text. */
export async function extractPage(url: string, options: SafeFetchOptions): Promise<ExtractedPage> {
  return pageFromResponse(await safeFetch(url, options));
}
