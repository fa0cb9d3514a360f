import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A loopback site with the pages the browser tests drive. */
export interface SiteServer {
  readonly origin: string;
  /** Requests seen, as `METHOD path`. */
  readonly requests: string[];
  close(): Promise<void>;
}

const html = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

function page(
  res: ServerResponse,
  title: string,
  body: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(html(title, body));
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

function route(req: IncomingMessage, res: ServerResponse, origin: string): void {
  const url = new URL(req.url ?? "/", origin);
  switch (url.pathname) {
    case "/form":
      page(
        res,
        "Sign up",
        `<h1>Sign up</h1><form action="/submitted" method="get">
          <label for="name">Your name</label><input id="name" name="name">
          <label><input type="checkbox" name="news" value="yes"> Newsletter</label>
          <select name="plan" aria-label="Plan"><option>free</option><option>pro</option></select>
          <button type="submit">Send</button></form>`,
      );
      return;
    case "/submitted":
      page(
        res,
        "Thanks",
        `<h1>Hello ${escape(url.searchParams.get("name") ?? "")}</h1><p>news=${escape(url.searchParams.get("news") ?? "no")}</p>`,
      );
      return;
    case "/one":
      page(res, "Page one", `<h1>One</h1><a href="/two">Go to two</a>`);
      return;
    case "/two":
      page(res, "Page two", `<h1>Two</h1><p>second page</p>`);
      return;
    case "/hang":
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<!doctype html><html><head><title>Slow</title></head><body><p>loading");
      return;
    case "/popup":
      page(res, "Opener", `<h1>Opener</h1><a href="/popup-target" target="_blank">Open popup</a>`);
      return;
    case "/popup-target":
      page(
        res,
        "Popup page",
        `<h1>Inside the popup</h1><button onclick="window.close()">Close me</button>`,
      );
      return;
    case "/set-cookie":
      page(res, "Cookie set", `<h1>set</h1>`, {
        "set-cookie": `flavour=${url.searchParams.get("v") ?? "plain"}; Path=/`,
      });
      return;
    case "/show-cookie":
      page(res, "Cookie", `<h1 id="c">cookie=${escape(req.headers.cookie ?? "none")}</h1>`);
      return;
    case "/console":
      page(
        res,
        "Console",
        `<h1>Console</h1><script>console.log("hello from page"); console.warn("careful"); setTimeout(() => { throw new Error("boom in page"); }, 0);</script>`,
      );
      return;
    case "/images":
      page(
        res,
        "Images",
        `<img src="/pixel.svg" alt="A red pixel" width="10" height="10"><img src="/pixel.svg?2" alt="second">`,
      );
      return;
    case "/pixel.svg":
      res.writeHead(200, { "content-type": "image/svg+xml" });
      res.end(
        `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>`,
      );
      return;
    case "/mutating":
      page(
        res,
        "Mutating",
        `<button id="b" onclick="this.remove()">Vanish</button><button>Stay</button>`,
      );
      return;
    case "/redirect": {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/one" });
      res.end();
      return;
    }
    case "/big": {
      const n = Number(url.searchParams.get("n") ?? "2000");
      const items: string[] = [];
      for (let i = 0; i < n; i += 1) {
        items.push(
          i % 2 === 0
            ? `<a href="/x${String(i)}">link ${String(i)}</a>`
            : `<button>button ${String(i)}</button>`,
        );
      }
      page(res, "Big", `<h1>Big</h1>${items.join("")}`);
      return;
    }
    default:
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
  }
}

/** Start the site on 127.0.0.1 with an ephemeral port. */
export async function startSiteServer(): Promise<SiteServer> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let origin = "";
  const server = createServer((req, res) => {
    requests.push(`${req.method ?? "GET"} ${req.url ?? "/"}`);
    route(req, res, origin);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
