// The accessibility-tree snapshot, computed inside the page in one evaluate call: a DOM walk
// that names elements the way assistive technology would, marks every interactive element with
// a ref attribute and returns indented text lines.

/**
 * The part of the DOM the walk touches, typed here so the package needs no DOM lib (its
 * dependents type-check its sources without one).
 */
export interface PageElement {
  readonly tagName: string;
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly children: ArrayLike<PageElement>;
  readonly childNodes: ArrayLike<PageElement>;
  readonly shadowRoot?: { readonly children: ArrayLike<PageElement> } | null;
  readonly innerText?: string;
  readonly isContentEditable?: boolean;
  readonly tabIndex?: number;
  readonly labels?: ArrayLike<PageElement> | null;
  readonly type?: string;
  readonly value?: string;
  readonly checked?: boolean;
  readonly disabled?: boolean;
  readonly multiple?: boolean;
  readonly selectedOptions?: ArrayLike<PageElement>;
  checkVisibility?(): boolean;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/** The document as the walk sees it. */
export interface PageDocument {
  readonly body: PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  getElementById(id: string): PageElement | null;
}

/** What the in-page walk returns. */
export interface PageSnapshot {
  readonly lines: readonly string[];
  readonly refCount: number;
}

/** Arguments of the in-page walk. */
export interface SnapshotOptions {
  /** Attribute that carries refs on this session's elements. */
  readonly attr: string;
  /** Include headings' surrounding text, paragraphs, list items and images, not only controls. */
  readonly full: boolean;
}

/**
 * Runs in the page (serialised by Playwright): it may use nothing from its module scope.
 */
export function snapshotInPage(options: SnapshotOptions): PageSnapshot {
  const { attr, full } = options;
  const document = (globalThis as unknown as { document: PageDocument }).document;
  const TEXT_NODE = 3;
  for (const old of Array.from(document.querySelectorAll(`[${attr}]`))) old.removeAttribute(attr);
  const INTERACTIVE = new Set([
    "link",
    "button",
    "textbox",
    "searchbox",
    "checkbox",
    "radio",
    "combobox",
    "listbox",
    "slider",
    "spinbutton",
    "switch",
    "tab",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "option",
    "treeitem",
  ]);
  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK"]);
  const TEXT_BLOCKS = new Set(["P", "LI", "TD", "TH", "DT", "DD", "BLOCKQUOTE", "PRE", "LABEL"]);
  const clean = (text: string | null | undefined, max = 100): string => {
    const collapsed = (text ?? "").replace(/\s+/g, " ").trim();
    return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
  };
  const inputRole = (input: PageElement): string | undefined => {
    switch (input.type) {
      case "hidden":
        return undefined;
      case "checkbox":
        return "checkbox";
      case "radio":
        return "radio";
      case "range":
        return "slider";
      case "number":
        return "spinbutton";
      case "search":
        return "searchbox";
      case "submit":
      case "button":
      case "reset":
      case "image":
        return "button";
      default:
        return "textbox";
    }
  };
  const roleOf = (el: PageElement): string | undefined => {
    const explicit = el.getAttribute("role")?.trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = el.tagName;
    if (tag === "A" || tag === "AREA") return el.hasAttribute("href") ? "link" : undefined;
    if (tag === "BUTTON" || tag === "SUMMARY") return "button";
    if (tag === "INPUT") return inputRole(el);
    if (tag === "TEXTAREA") return "textbox";
    if (tag === "SELECT") return el.multiple === true ? "listbox" : "combobox";
    if (/^H[1-6]$/.test(tag)) return "heading";
    if (tag === "IMG") return "img";
    if (el.isContentEditable === true) return "textbox";
    if (el.hasAttribute("onclick") || (el.tabIndex ?? -1) >= 0) {
      return tag === "DIV" || tag === "SPAN" ? "button" : undefined;
    }
    return undefined;
  };
  const nameOf = (el: PageElement, role: string): string => {
    const label = el.getAttribute("aria-label");
    if (label) return clean(label);
    const labelledBy = el.getAttribute("aria-labelledby");
    if (labelledBy) {
      const text = labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      if (clean(text)) return clean(text);
    }
    const control = el;
    if (control.labels && control.labels.length > 0) {
      return clean(Array.from(control.labels, (l) => l.textContent).join(" "));
    }
    if (el.tagName === "IMG") return clean(el.getAttribute("alt") ?? el.getAttribute("title"));
    if (el.tagName === "INPUT" && ["submit", "button", "reset"].includes(control.type ?? "")) {
      return clean((control.value || control.type) ?? "");
    }
    const placeholder = el.getAttribute("placeholder");
    if (placeholder) return clean(placeholder);
    const title = el.getAttribute("title");
    if (role === "textbox" || role === "searchbox" || role === "combobox") return clean(title);
    return clean(el.innerText ?? el.textContent ?? "") || clean(title);
  };
  const stateOf = (el: PageElement, role: string): string => {
    const parts: string[] = [];
    const control = el;
    if (role === "heading") parts.push(`[level=${el.tagName.slice(1) || "2"}]`);
    if ((role === "checkbox" || role === "radio" || role === "switch") && control.checked) {
      parts.push("[checked]");
    }
    if (el.disabled === true) parts.push("[disabled]");
    if ((role === "textbox" || role === "searchbox" || role === "spinbutton") && control.value) {
      const shown = control.type === "password" ? "•••" : clean(control.value, 60);
      parts.push(`value=${JSON.stringify(shown)}`);
    }
    if (role === "combobox" && el.tagName === "SELECT") {
      const selected = el.selectedOptions?.[0];
      if (selected) parts.push(`value=${JSON.stringify(clean(selected.textContent, 60))}`);
    }
    return parts.length > 0 ? ` ${parts.join(" ")}` : "";
  };
  const lines: string[] = [];
  let refCount = 0;
  const visit = (el: PageElement, depth: number): void => {
    if (SKIP.has(el.tagName)) return;
    if (el.checkVisibility !== undefined && !el.checkVisibility()) return;
    const role = roleOf(el);
    let childDepth = depth;
    if (
      role !== undefined &&
      (INTERACTIVE.has(role) || role === "heading" || (full && role === "img"))
    ) {
      let line = `${"  ".repeat(depth)}- ${role}`;
      const name = nameOf(el, role);
      if (name) line += ` ${JSON.stringify(name)}`;
      line += stateOf(el, role);
      if (INTERACTIVE.has(role)) {
        refCount += 1;
        el.setAttribute(attr, `e${String(refCount)}`);
        line += ` [ref=e${String(refCount)}]`;
      }
      lines.push(line);
      if (role !== "heading" && role !== "img" && el.tagName !== "SELECT") childDepth = depth + 1;
      if (role === "heading" || role === "link" || role === "button") {
        for (const child of Array.from(el.children)) visit(child, childDepth);
        return;
      }
    } else if (full && TEXT_BLOCKS.has(el.tagName)) {
      const own = Array.from(el.childNodes)
        .filter((node) => node.nodeType === TEXT_NODE)
        .map((node) => node.textContent)
        .join(" ");
      const text = clean(own, 300);
      if (text) lines.push(`${"  ".repeat(depth)}- text: ${JSON.stringify(text)}`);
    }
    for (const child of Array.from(el.children)) visit(child, childDepth);
    if (el.shadowRoot) {
      for (const child of Array.from(el.shadowRoot.children)) visit(child, childDepth);
    }
  };
  if (document.body !== null) visit(document.body, 0);
  return { lines, refCount };
}

/** One image of the page as browser_get_images lists it. */
export interface PageImage {
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

interface ImageElement {
  readonly src: string;
  readonly currentSrc: string;
  readonly alt: string;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
}

/** Runs in the page: the first `max` images with a source. */
export function imagesInPage(max: number): PageImage[] {
  const doc = (globalThis as unknown as { document: { images: ArrayLike<ImageElement> } }).document;
  return Array.from(doc.images)
    .filter((img) => img.currentSrc !== "" || img.src !== "")
    .slice(0, max)
    .map((img) => ({
      src: img.currentSrc || img.src,
      alt: img.alt,
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
}

/** Runs in the page: scroll by 80 % of the viewport height, down (1) or up (-1). */
export function scrollInPage(sign: number): void {
  const win = globalThis as unknown as {
    innerHeight: number;
    scrollBy(x: number, y: number): void;
  };
  win.scrollBy(0, sign * Math.round(win.innerHeight * 0.8));
}
