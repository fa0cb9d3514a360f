import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { minimalPdf } from "./helpers/minimal-pdf.js";
import { raw, startScriptedServer, type ScriptedServer } from "./helpers/scripted-server.js";
import { call, webRegistry } from "./helpers/web-registry.js";

// The page server is a loopback origin the tests trust explicitly: no provider is configured,
// so web_extract fetches pages itself.
let site: ScriptedServer;
beforeEach(async () => {
  site = await startScriptedServer();
});
afterEach(async () => {
  await site.close();
});

const ARTICLE = `<!doctype html><html><head><title>Tide pools | Coast Guide</title>
<script>window.tracking = "should not appear";</script><style>body{color:red}</style></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Life in tide pools</h1>
<p>Tide pools are rocky pockets of sea water left behind when the tide goes out. ${"Anemones, crabs and sea stars live there. ".repeat(8)}</p>
<p>See the <a href="/species/anemone">anemone page</a> and <a href="https://other.example/">another site</a>.</p>
<img alt="a red anemone" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==">
<h2>Visiting</h2><ul><li>Go at low tide</li><li>Step on bare rock</li></ul>
<pre><code>tide --low</code></pre></article>
<footer>© Coast Guide</footer></body></html>`;

function extractWith(url: string | string[], extra: Record<string, unknown> = {}) {
  const registry = webRegistry({ env: {}, trustedOrigins: [site.origin], ...extra });
  return call(registry, "web_extract", { urls: Array.isArray(url) ? url : [url] });
}

function onlyResult(answer: Record<string, unknown>): Record<string, unknown> {
  const results = answer.results as Record<string, unknown>[];
  expect(results).toHaveLength(1);
  return results[0] as Record<string, unknown>;
}

describe("web_extract with its own fetcher", () => {
  test("turns an article into clean Markdown with absolute links and image placeholders", async () => {
    site.route("GET /guide", raw(200, { "content-type": "text/html; charset=utf-8" }, ARTICLE));
    const page = onlyResult(await extractWith(`${site.origin}/guide`));
    expect(page.error).toBeNull();
    expect(page.title).toBe("Tide pools | Coast Guide");
    const content = String(page.content);
    expect(content).toContain("Tide pools are rocky pockets of sea water");
    expect(content).toContain(`[anemone page](${site.origin}/species/anemone)`);
    expect(content).toContain("[IMAGE: a red anemone]");
    expect(content).toMatch(/## Visiting/);
    expect(content).toContain("- Go at low tide\n- Step on bare rock");
    expect(content).toContain("```\ntide --low\n```");
    expect(content).not.toContain("tracking");
    expect(content).not.toContain("base64");
    expect(content).not.toContain("color:red");
  });

  test("decodes the charset from the header, from a meta tag, and gzip bodies", async () => {
    const latin1 = Buffer.from(
      "<html><head><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e \x93quoted\x94</p></body></html>",
      "latin1",
    );
    site.route(
      "GET /latin",
      raw(200, { "content-type": "text/html; charset=windows-1252" }, latin1),
    );
    const sjisBody = Buffer.concat([
      Buffer.from(
        '<html><head><meta charset="shift_jis"><title>t</title></head><body><p>',
        "latin1",
      ),
      Buffer.from([0x82, 0xa0, 0x82, 0xa2, 0x82, 0xa4]),
      Buffer.from("</p></body></html>", "latin1"),
    ]);
    site.route("GET /sjis", raw(200, { "content-type": "text/html" }, sjisBody));
    site.route(
      "GET /gz",
      raw(
        200,
        { "content-type": "text/plain; charset=utf-8", "content-encoding": "gzip" },
        gzipSync("zipped ✓ text"),
      ),
    );
    const answer = await extractWith([
      `${site.origin}/latin`,
      `${site.origin}/sjis`,
      `${site.origin}/gz`,
    ]);
    const [latin, sjis, gz] = answer.results as Record<string, unknown>[];
    expect(latin?.title).toBe("Café");
    expect(latin?.content).toContain("Crème brûlée “quoted”");
    expect(sjis?.content).toContain("あいう");
    expect(gz?.content).toBe("zipped ✓ text");
  });

  test("reads PDFs as text", async () => {
    site.route(
      "GET /paper.pdf",
      raw(200, { "content-type": "application/pdf" }, minimalPdf("Hermes reads PDFs")),
    );
    const page = onlyResult(await extractWith(`${site.origin}/paper.pdf`));
    expect(page).toMatchObject({ title: "paper.pdf", content: "Hermes reads PDFs", error: null });
  });

  test("caps content at char_limit with a marker, keeping head and tail", async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${String(i)} of the long page`);
    site.route("GET /long.txt", raw(200, { "content-type": "text/plain" }, lines.join("\n")));
    const registry = webRegistry({ env: {}, trustedOrigins: [site.origin] });
    const answer = await call(registry, "web_extract", {
      urls: [`${site.origin}/long.txt`],
      char_limit: 3000,
    });
    const content = String(onlyResult(answer).content);
    expect(content.startsWith("line 0 of the long page")).toBe(true);
    expect(content.endsWith("line 1999 of the long page")).toBe(true);
    expect(content).toMatch(
      /\[\.\.\. [\d,]+ characters omitted: showing [\d,]+ \(head\) \+ [\d,]+ \(tail\) of [\d,]+\. Raise char_limit to see more \.\.\.\]/,
    );
    expect(content.length).toBeLessThan(3200);
  });

  test("follows up to 5 redirects and refuses a sixth", async () => {
    for (let i = 0; i < 6; i += 1) {
      site.route(`GET /hop${String(i)}`, raw(302, { location: `/hop${String(i + 1)}` }, ""));
    }
    site.route("GET /hop6", raw(200, { "content-type": "text/plain" }, "landed"));
    const five = onlyResult(await extractWith(`${site.origin}/hop1`));
    expect(five).toMatchObject({ content: "landed", error: null });
    const six = onlyResult(await extractWith(`${site.origin}/hop0`));
    expect(six).toMatchObject({ content: "", error: "Too many redirects (more than 5)" });
  });

  test("stops at the size cap and at the timeout", async () => {
    site.route("GET /big", raw(200, { "content-type": "text/plain" }, "x".repeat(50_000)));
    site.route("GET /hang", { handler: () => undefined });
    const limits = { fetchLimits: { maxBytes: 10_000, timeoutMs: 300 } };
    const answer = await extractWith([`${site.origin}/big`, `${site.origin}/hang`], limits);
    const [big, hang] = answer.results as Record<string, unknown>[];
    expect(String(big?.content)).toHaveLength(10_000);
    expect(hang).toMatchObject({ content: "", error: "Timed out after 0.3 s" });
  });

  test("refuses binary downloads, bad schemes and HTTP errors per URL", async () => {
    site.route(
      "GET /app.zip",
      raw(200, { "content-type": "application/zip" }, Buffer.from("PK\u0003\u0004rest", "latin1")),
    );
    site.route("GET /gone", raw(404, { "content-type": "text/html" }, "<p>nope</p>"));
    const answer = await extractWith([
      `${site.origin}/app.zip`,
      "file:///etc/passwd",
      `${site.origin}/gone`,
      "not a url",
    ]);
    const errors = (answer.results as Record<string, unknown>[]).map((r) => r.error);
    expect(errors[0]).toMatch(/^URL returned binary content \(ZIP archive\), not a page/);
    expect(errors[1]).toBe(
      "Unsupported URL scheme 'file': only http and https URLs can be fetched.",
    );
    expect(errors[2]).toBe("HTTP 404");
    expect(errors[3]).toMatch(/^Invalid URL: "not a url"/);
  });

  test("redacts secrets in the URLs it reports", async () => {
    site.route("GET /p", raw(200, { "content-type": "text/plain" }, "ok"));
    const urls = [0, 1].map(
      (i) => `${site.origin}/p?n=${String(i)}&api_key=sk-live-abcdefghijklmnop`,
    );
    const answer = await extractWith(urls);
    const results = answer.results as { url: string; content: string }[];
    expect(results.map((r) => r.content)).toEqual(["ok", "ok"]);
    expect(results[0]?.url).toBe(`${site.origin}/p?n=0&api_key=***`);
    expect(JSON.stringify(answer)).not.toContain("abcdefghijklmnop");
  });

  test("takes at most 5 URLs per call, as its schema says", async () => {
    const urls = Array.from({ length: 6 }, (_, i) => `${site.origin}/p${String(i)}`);
    const answer = await extractWith(urls);
    expect(answer).toMatchObject({ error_type: "invalid_arguments", field: "urls" });
    expect(site.requests).toHaveLength(0);
  });

  test("rejects a call without URLs", async () => {
    const registry = webRegistry({ env: {} });
    expect(await call(registry, "web_extract", { urls: [] })).toEqual({
      error: "Error extracting content: urls must be a non-empty list of URL strings",
    });
  });
});
