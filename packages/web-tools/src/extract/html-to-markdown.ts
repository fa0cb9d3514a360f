import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";

/** A page converted to Markdown. */
export interface MarkdownPage {
  readonly title: string;
  readonly markdown: string;
  /** Absolute http(s) links found anywhere in the page (for crawling), in document order. */
  readonly links: readonly string[];
}

// The package builds without the DOM lib; these are the DOM types the libraries expect.
type TurndownInput = Parameters<TurndownService["turndown"]>[0];
type ReadabilityDocument = ConstructorParameters<typeof Readability>[0];
type LinkedomDocument = ReturnType<typeof parseHTML>["document"];
type RemovableTags = Parameters<TurndownService["remove"]>[0];

const STRIP_TAGS = ["script", "style", "noscript", "template", "iframe", "svg", "canvas"];

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "*",
  });
  service.remove(STRIP_TAGS as unknown as RemovableTags);
  // Inline base64 images are token bombs: keep only a placeholder with the alt text.
  service.addRule("inlineImages", {
    filter: (node) => node.nodeName === "IMG" && /^data:/i.test(node.getAttribute("src") ?? ""),
    replacement: (_content, node) => {
      const alt = (
        (node as { getAttribute(name: string): string | null }).getAttribute("alt") ?? ""
      ).trim();
      return alt === "" ? "[IMAGE]" : `[IMAGE: ${alt}]`;
    },
  });
  return service;
}

let turndown: TurndownService | undefined;

function absolutize(document: LinkedomDocument, baseUrl: string): string[] {
  const links: string[] = [];
  for (const [selector, attribute] of [
    ["a[href]", "href"],
    ["img[src]", "src"],
  ] as const) {
    for (const element of document.querySelectorAll(selector)) {
      const value = element.getAttribute(attribute) ?? "";
      if (value.startsWith("data:") || value.startsWith("#")) continue;
      try {
        const absolute = new URL(value, baseUrl);
        element.setAttribute(attribute, absolute.href);
        if (
          attribute === "href" &&
          (absolute.protocol === "http:" || absolute.protocol === "https:")
        ) {
          links.push(absolute.href);
        }
      } catch {
        // A malformed link stays as it is.
      }
    }
  }
  return links;
}

function tidy(markdown: string): string {
  return markdown
    .replace(/^(\s*)- {3}/gm, "$1- ")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function bodyMarkdown(service: TurndownService, html: string, baseUrl: string): string {
  const { document } = parseHTML(html);
  absolutize(document, baseUrl);
  const body = document.body as unknown as TurndownInput | null;
  return body ? service.turndown(body) : "";
}

/**
 * Turn an HTML document into clean Markdown: Readability picks the main content (falling back
 * to the whole body for pages that are not articles), Turndown writes Markdown. Relative links
 * are made absolute against `baseUrl`.
 */
export function htmlToMarkdown(html: string, baseUrl: string): MarkdownPage {
  const { document } = parseHTML(html);
  const links = absolutize(document, baseUrl);
  const pageTitle = (document.querySelector("title")?.textContent ?? "").trim();
  turndown ??= createTurndown();
  let article: ReturnType<Readability["parse"]>;
  try {
    article = new Readability(document as unknown as ReadabilityDocument, {
      charThreshold: 200,
    }).parse();
  } catch {
    article = null;
  }
  let markdown = "";
  if (article?.content) {
    markdown = bodyMarkdown(turndown, `<html><body>${article.content}</body></html>`, baseUrl);
  }
  if (markdown.trim() === "") markdown = bodyMarkdown(turndown, html, baseUrl);
  const title = (article?.title ?? "").trim() || pageTitle;
  return { title, markdown: tidy(markdown), links };
}
