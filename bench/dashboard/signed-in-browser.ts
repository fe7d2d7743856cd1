import { chromium } from "@playwright/test";

/** Playwright's Chromium (Debian's, as Lighthouse uses) with the seller's session cookie: the bench's signed-in browser. */
export async function signedInBrowser(dashboardUrl: string, cookie: string) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium" });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: dashboardUrl };
    }),
  );
  return { browser, context };
}
