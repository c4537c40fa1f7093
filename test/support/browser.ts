import { type Browser, chromium, type Page } from "playwright-core";
import { chromiumPath } from "./env.ts";

/**
 * Debian's Chromium, headless. The background-networking flags matter: without them Chromium keeps calling Google's
 * hosts, which this machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Lets the page load only from `origin` (and inline `data:`/`blob:` URLs): every other request is aborted and
 * recorded, so a test can assert that the page needs nothing from the network.
 */
export async function blockForeignRequests(page: Page, origin: string): Promise<string[]> {
  const foreign: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  return foreign;
}

/** What a watched page asked of the network: foreign requests (aborted) and the service's failures. */
export interface PageTraffic {
  /** Requests to any host other than the service (each was aborted). */
  foreignRequests: string[];
  /** Requests to the service that failed or answered >= 400. */
  failedRequests: string[];
}

/** A new page that may load only from `origin` and records what it asked of the network. */
export async function watchedPage(browser: Browser, origin: string): Promise<{ page: Page } & PageTraffic> {
  const page = await browser.newPage();
  const foreignRequests = await blockForeignRequests(page, origin);
  const failedRequests: string[] = [];
  page.on("requestfailed", (request) => {
    if (request.url().startsWith(origin)) failedRequests.push(`${request.url()} (${request.failure()?.errorText})`);
  });
  page.on("response", (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) {
      failedRequests.push(`${response.url()} (HTTP ${response.status()})`);
    }
  });
  return { page, foreignRequests, failedRequests };
}
