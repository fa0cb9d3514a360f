import { createRequire } from "node:module";
import { safeFetch, type SafeFetchOptions } from "../fetch/safe-fetch.js";
import { WebToolsError } from "../web-tools-error.js";

interface ParsedRobots {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
}

// robots-parser is CommonJS whose typings declare an ES default export that does not exist at run time.
const robotsParser = createRequire(import.meta.url)("robots-parser") as (
  url: string,
  text: string,
) => ParsedRobots;

/** The robots.txt rules of one origin, for one user agent. */
export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** `Crawl-delay` in milliseconds (0 when none). */
  readonly crawlDelayMs: number;
}

/** The product token our crawler matches robots.txt groups with. */
export const ROBOTS_USER_AGENT = "HermesAgent";

const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: 0 };
const DISALLOW_ALL: RobotsRules = { isAllowed: () => false, crawlDelayMs: 0 };

/**
 * Fetch and parse `<origin>/robots.txt` under the same safety rules as pages (RFC 9309): a 4xx
 * answer means no rules; a 5xx answer or an unreachable server means nothing may be crawled.
 */
export async function loadRobotsRules(
  origin: string,
  options: SafeFetchOptions,
): Promise<RobotsRules> {
  const robotsUrl = new URL("/robots.txt", origin).href;
  let status: number;
  let text: string;
  try {
    const response = await safeFetch(robotsUrl, {
      ...options,
      accept: "text/plain,*/*;q=0.5",
      limits: { ...options.limits, maxBytes: 512 * 1024 },
    });
    status = response.status;
    text = response.body.toString("utf8");
  } catch (error) {
    if (WebToolsError.isInstance(error) && error.code === "WEB_TOOLS_BLOCKED_ADDRESS") throw error;
    if (options.signal?.aborted) throw error;
    return DISALLOW_ALL;
  }
  if (status >= 400 && status < 500) return ALLOW_ALL;
  if (status >= 500 || status < 200) return DISALLOW_ALL;
  const robots = robotsParser(robotsUrl, text);
  const delay = robots.getCrawlDelay(ROBOTS_USER_AGENT) ?? 0;
  return {
    isAllowed: (url) => robots.isAllowed(url, ROBOTS_USER_AGENT) !== false,
    crawlDelayMs: Math.max(0, Math.min(delay, 10)) * 1000,
  };
}
