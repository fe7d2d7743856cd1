// Takes the README's screenshots of the listings page and of a change's review: a sandbox and the built dashboard, Bo's
// 260 listings, Chromium.
// npx tsx scripts/readme-screenshots.ts [--port 3900]  (the sandbox takes the next port)
import { mkdirSync, rmSync } from "node:fs";
import { chromium } from "@playwright/test";
import { startSandbox } from "../sandbox/server";
import { DEMO_SELLERS } from "../sandbox/store/seed";
import { startDashboard } from "../test/harness/dashboard-process";
import { CHROMIUM_ARGS, findBrowser, HOW_TO_GET_ONE } from "./find-browser";

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 3900;
const executablePath = findBrowser();
if (!executablePath) throw new Error(HOW_TO_GET_ONE);

mkdirSync("test-results", { recursive: true });
const dashboardDb = "test-results/screenshots-dashboard.db";
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dashboardDb}${suffix}`, { force: true });
const sandbox = await startSandbox({ port: port + 1, db: ":memory:" });
const dashboard = await startDashboard({ port, sandboxUrl: sandbox.url, dashboardDb, stdio: "ignore" });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${dashboard.url}/sign-in`);
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await page.getByLabel("Email").fill(DEMO_SELLERS.bo.email);
  await page.getByLabel("Password").fill(DEMO_SELLERS.bo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow access" }).click();
  await page.goto(`${dashboard.url}/listings?state=active&filter=with&sort=title&page=2`);
  await page.getByRole("checkbox", { name: "Select Bulk item 125", exact: true }).check();
  await page.getByRole("checkbox", { name: "Select Bulk item 129", exact: true }).check();
  await page.getByTestId("state-count").first().waitFor();
  // Ticking scrolled the rows into view; the picture starts at the top of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "docs/listings.png" });
  console.log("docs/listings.png");

  await page.goto(`${dashboard.url}/listings?state=active&sort=title`);
  await page.getByRole("checkbox", { name: "Select all listings on this page" }).check();
  await page.getByRole("button", { name: /^Select all \d+ active listings$/ }).click();
  await page.getByRole("button", { name: "Plan a change…" }).click();
  const dialog = page.getByRole("dialog", { name: /^Plan a change to/ });
  await dialog.getByLabel("What to change").selectOption({ label: "The text question's character limit" });
  await dialog.getByRole("spinbutton", { name: "Character limit" }).fill("120");
  await dialog.getByRole("button", { name: "Plan the change" }).click();
  await page.getByTestId("plan-cost").waitFor();
  await page.screenshot({ path: "docs/change-review.png" });
  console.log("docs/change-review.png");
} finally {
  await browser.close();
  await dashboard.stop();
  await sandbox.close();
}
