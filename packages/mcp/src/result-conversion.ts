import { redactSecrets } from "@hermes-agent/core";
import type { ToolOutput } from "@hermes-agent/registry";

type Json = Record<string, unknown>;

/** A content part in the model API's shape: text, or an image as a data URL. */
type ContentPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image_url"; readonly image_url: { readonly url: string } };

const MASK = "[REDACTED]";

/** Text shown to the model from a server: secrets masked. */
export function redactServerText(text: string): string {
  return redactSecrets(text, { mask: MASK });
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The parts of one content item; images (inline or embedded) stay images. */
function partsOf(item: Json): ContentPart[] {
  switch (item.type) {
    case "text":
      return [{ type: "text", text: str(item.text) ?? "" }];
    case "image": {
      const data = str(item.data);
      const mime = str(item.mimeType) ?? "image/png";
      return data === undefined
        ? []
        : [{ type: "image_url", image_url: { url: `data:${mime};base64,${data}` } }];
    }
    case "audio":
      return [
        { type: "text", text: `[audio content (${str(item.mimeType) ?? "unknown type"}) omitted]` },
      ];
    case "resource_link": {
      const name = str(item.name);
      return [
        {
          type: "text",
          text: `[resource link: ${str(item.uri) ?? "?"}${name === undefined ? "" : ` (${name})`}]`,
        },
      ];
    }
    case "resource": {
      const resource = (item.resource ?? {}) as Json;
      const uri = str(resource.uri) ?? "?";
      const mime = str(resource.mimeType);
      const text = str(resource.text);
      if (text !== undefined) return [{ type: "text", text: `[resource ${uri}]\n${text}` }];
      const blob = str(resource.blob);
      if (blob !== undefined && mime?.startsWith("image/") === true) {
        return [{ type: "image_url", image_url: { url: `data:${mime};base64,${blob}` } }];
      }
      return [
        { type: "text", text: `[binary resource ${uri} (${mime ?? "unknown type"}) omitted]` },
      ];
    }
    default:
      return [{ type: "text", text: JSON.stringify(item) }];
  }
}

function joinText(parts: readonly ContentPart[]): string {
  return parts
    .filter((part): part is Extract<ContentPart, { type: "text" }> => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

/**
 * Turn an MCP `tools/call` result into a tool result. Text parts are joined into
 * `{"result": "..."}`; with images (inline or embedded) the result is multimodal with the text
 * first; `isError` becomes `{"error": "..."}` with credentials masked; a result with only
 * `structuredContent` returns it as JSON text.
 */
export function convertCallToolResult(result: Json): ToolOutput {
  const content: unknown[] = Array.isArray(result.content) ? result.content : [];
  const parts = content.flatMap((item) =>
    typeof item === "object" && item !== null ? partsOf(item as Json) : [],
  );
  let text = joinText(parts);
  if (text === "" && result.structuredContent !== undefined) {
    text = JSON.stringify(result.structuredContent);
  }
  if (result.isError === true) {
    return JSON.stringify({
      error: redactServerText(text === "" ? "The MCP tool reported an error" : text),
    });
  }
  const images = parts.filter((part) => part.type === "image_url");
  if (images.length === 0) return JSON.stringify({ result: text });
  const textParts: ContentPart[] = text === "" ? [] : [{ type: "text", text }];
  return { _multimodal: true, content: [...textParts, ...images] };
}
