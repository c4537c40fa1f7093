import { launchChromium, type PageTraffic, watchedPage } from "../../support/browser.ts";

export interface RenderedApidocs extends PageTraffic {
  /** The page's visible text once the operations are rendered. */
  text: string;
  /** What the page's Content-Security-Policy refused (Chromium reports each on the console). */
  cspViolations: string[];
}

/**
 * Opens `<url>/apidocs` in headless Chromium, aborting (and recording) every request that leaves the service, and
 * waits until `expectedText` (e.g. an operation path) is visible.
 */
export async function renderApidocs(url: string, expectedText: string, timeoutMs = 30_000): Promise<RenderedApidocs> {
  const cspViolations: string[] = [];
  const browser = await launchChromium();
  try {
    const { page, foreignRequests, failedRequests } = await watchedPage(browser, new URL(url).origin);
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${url}/apidocs`, { waitUntil: "load", timeout: timeoutMs });
    const expected = JSON.stringify(expectedText);
    // The page renders client-side: poll its visible text (innerText: rendered, not the raw DOM text).
    await page
      .waitForFunction(`document.body && document.body.innerText.includes(${expected})`, null, { timeout: timeoutMs })
      .catch(() => {}); // the caller's assertion on `text` then reports what was rendered instead
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
    const text = await page.evaluate("document.body ? document.body.innerText : ''");
    if (typeof text !== "string") throw new Error("could not read the page text");
    return { text, foreignRequests, failedRequests, cspViolations };
  } finally {
    await browser.close();
  }
}
