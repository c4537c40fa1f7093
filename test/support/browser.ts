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
