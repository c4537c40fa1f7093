import { type Browser, chromium } from "playwright-core";
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
