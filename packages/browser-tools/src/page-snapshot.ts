/// <reference lib="dom" />
// The accessibility-tree snapshot, computed inside the page in one evaluate call: a DOM walk
// that names elements the way assistive technology would, marks every interactive element with
// a ref attribute and returns indented text lines.

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
  const inputRole = (input: HTMLInputElement): string | undefined => {
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
  const roleOf = (el: Element): string | undefined => {
    const explicit = el.getAttribute("role")?.trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = el.tagName;
    if (tag === "A" || tag === "AREA") return el.hasAttribute("href") ? "link" : undefined;
    if (tag === "BUTTON" || tag === "SUMMARY") return "button";
    if (tag === "INPUT") return inputRole(el as HTMLInputElement);
    if (tag === "TEXTAREA") return "textbox";
    if (tag === "SELECT") return (el as HTMLSelectElement).multiple ? "listbox" : "combobox";
    if (/^H[1-6]$/.test(tag)) return "heading";
    if (tag === "IMG") return "img";
    if ((el as HTMLElement).isContentEditable) return "textbox";
    if (el.hasAttribute("onclick") || (el as HTMLElement).tabIndex >= 0) {
      return tag === "DIV" || tag === "SPAN" ? "button" : undefined;
    }
    return undefined;
  };
  const nameOf = (el: Element, role: string): string => {
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
    const control = el as HTMLInputElement;
    if (control.labels && control.labels.length > 0) {
      return clean(Array.from(control.labels, (l) => l.textContent).join(" "));
    }
    if (el.tagName === "IMG") return clean(el.getAttribute("alt") ?? el.getAttribute("title"));
    if (el.tagName === "INPUT" && ["submit", "button", "reset"].includes(control.type)) {
      return clean(control.value || control.type);
    }
    const placeholder = el.getAttribute("placeholder");
    if (placeholder) return clean(placeholder);
    const title = el.getAttribute("title");
    if (role === "textbox" || role === "searchbox" || role === "combobox") return clean(title);
    return clean((el as HTMLElement).innerText) || clean(title);
  };
  const stateOf = (el: Element, role: string): string => {
    const parts: string[] = [];
    const control = el as HTMLInputElement;
    if (role === "heading") parts.push(`[level=${el.tagName.slice(1) || "2"}]`);
    if ((role === "checkbox" || role === "radio" || role === "switch") && control.checked) {
      parts.push("[checked]");
    }
    if ((el as HTMLButtonElement).disabled) parts.push("[disabled]");
    if ((role === "textbox" || role === "searchbox" || role === "spinbutton") && control.value) {
      const shown = control.type === "password" ? "•••" : clean(control.value, 60);
      parts.push(`value=${JSON.stringify(shown)}`);
    }
    if (role === "combobox" && el.tagName === "SELECT") {
      const selected = (el as HTMLSelectElement).selectedOptions[0];
      if (selected) parts.push(`value=${JSON.stringify(clean(selected.textContent, 60))}`);
    }
    return parts.length > 0 ? ` ${parts.join(" ")}` : "";
  };
  const lines: string[] = [];
  let refCount = 0;
  const visit = (el: Element, depth: number): void => {
    if (SKIP.has(el.tagName)) return;
    const html = el as HTMLElement;
    if (typeof html.checkVisibility === "function" && !html.checkVisibility()) return;
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
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join(" ");
      const text = clean(own, 300);
      if (text) lines.push(`${"  ".repeat(depth)}- text: ${JSON.stringify(text)}`);
    }
    for (const child of Array.from(el.children)) visit(child, childDepth);
    if (html.shadowRoot) {
      for (const child of Array.from(html.shadowRoot.children)) visit(child, childDepth);
    }
  };
  visit(document.body as Element, 0);
  return { lines, refCount };
}
