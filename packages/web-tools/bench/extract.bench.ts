import { runSuite } from "@hermes-agent/bench";
import { isBlockedAddress } from "../src/index.js";
import { capContent } from "../src/extract/char-limit.js";
import { htmlToMarkdown } from "../src/extract/html-to-markdown.js";

const paragraph =
  "<p>Tide pools are rocky pockets of sea water left behind when the tide goes out. " +
  '<a href="/species/anemone">Anemones</a>, crabs and sea stars live there.</p>';
const page = `<!doctype html><html><head><title>Bench page</title><script>var x = 1;</script></head><body>
<nav>${'<a href="/n">nav</a>'.repeat(50)}</nav><article><h1>Heading</h1>${paragraph.repeat(400)}
<ul>${"<li>item</li>".repeat(100)}</ul></article><footer>footer</footer></body></html>`;

await runSuite("web-tools extraction", [
  {
    name: `HTML to Markdown, ${String(Math.round(page.length / 1024))} KiB article`,
    samples: 10,
    setup: () => () => htmlToMarkdown(page, "https://example.com/guide"),
  },
  {
    name: "char_limit cap of a 200 000-character page",
    setup: () => {
      const text = "line of text in a long page\n".repeat(7200);
      return () => capContent(text, 15_000);
    },
  },
  {
    name: "private-address check (IPv4-mapped IPv6)",
    setup: () => () => isBlockedAddress("::ffff:169.254.169.254"),
  },
]);
