import { launchChromium, type PageTraffic, watchedPage } from "../../support/browser.ts";

export interface GraphiqlRun extends PageTraffic {
  /** The text of GraphiQL's result pane after the query ran. */
  result: string;
}

/**
 * Opens GraphiQL (`<url>/`) in headless Chromium, aborting (and recording) every request that leaves the service,
 * types `query` into its editor, runs it with the run button and waits until the result pane shows `expectedText`.
 */
export async function renderGraphiql(
  url: string,
  query: string,
  expectedText: string,
  timeoutMs = 60_000,
): Promise<GraphiqlRun> {
  const browser = await launchChromium();
  try {
    const { page, foreignRequests, failedRequests } = await watchedPage(browser, new URL(url).origin);
    await page.goto(`${url}/`, { waitUntil: "load", timeout: timeoutMs });
    // The query editor (Monaco): replace its text; insertText types no keys, so no bracket is closed twice.
    const editor = page.locator(".graphiql-query-editor").first();
    await editor.waitFor({ timeout: timeoutMs });
    await editor.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(query);
    await page.locator(".graphiql-execute-button").first().click();
    const response = page.locator(".graphiql-response").first();
    const expected = JSON.stringify(expectedText);
    await page
      .waitForFunction(
        `(document.querySelector(".graphiql-response")?.textContent ?? "").includes(${expected})`,
        null,
        {
          timeout: timeoutMs,
        },
      )
      .catch(() => {}); // the caller's assertion on `result` then reports what was shown instead
    const result = await response.textContent().then(
      (text) => text ?? "",
      () => "",
    );
    return { result, foreignRequests, failedRequests };
  } finally {
    await browser.close();
  }
}
