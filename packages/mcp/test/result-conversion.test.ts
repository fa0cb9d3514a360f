import { describe, expect, test } from "vitest";
import { convertCallToolResult } from "../src/index.js";

describe("convertCallToolResult", () => {
  test("text parts are joined into {result}", () => {
    const out = convertCallToolResult({
      content: [
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ],
    });
    expect(JSON.parse(out as string)).toEqual({ result: "a\nb" });
  });

  test("images and embedded resources are kept as multimodal parts", () => {
    const out = convertCallToolResult({
      content: [
        { type: "text", text: "caption" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
        {
          type: "resource",
          resource: { uri: "file:///x.png", mimeType: "image/png", blob: "BBBB" },
        },
        { type: "resource", resource: { uri: "memo://a", text: "inline" } },
      ],
    });
    expect(out).toEqual({
      _multimodal: true,
      content: [
        { type: "text", text: "caption\n[resource memo://a]\ninline" },
        { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
        { type: "image_url", image_url: { url: "data:image/png;base64,BBBB" } },
      ],
    });
  });

  test("isError becomes an error result with credentials redacted", () => {
    const out = convertCallToolResult({
      isError: true,
      content: [
        {
          type: "text",
          text: "bad key sk-proj-abcdefghijklmnopqrstuvwx and Authorization: Bearer eyJabcdefghijkl",
        },
      ],
    });
    const error = (JSON.parse(out as string) as { error: string }).error;
    expect(error).not.toContain("sk-proj-abcdefghijklmnopqrstuvwx");
    expect(error).not.toContain("eyJabcdefghijkl");
    expect(error).toContain("[REDACTED]");
  });

  test("structured content alone is returned as JSON text", () => {
    const out = convertCallToolResult({ content: [], structuredContent: { n: 1 } });
    expect(JSON.parse(out as string)).toEqual({ result: '{"n":1}' });
  });
});
