// Takes the docs' screenshots of the listings page, a change's review and the two editors: a sandbox and the built
// dashboard (a second one set to the single-question period for docs/editor.png), Bo's 260 listings, Chromium.
// npx tsx scripts/readme-screenshots.ts [--port 3900]  (the sandbox and the second dashboard take the next two ports)
import { mkdirSync, rmSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { startSandbox } from "../sandbox/server";
import { DEMO_SELLERS } from "../sandbox/store/seed";
import { startDashboard } from "../test/harness/dashboard-process";
import { createSeller, sandboxControl } from "../test/harness/sandbox";
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

/** A new seller whose first listing asks `questions`, set in Shop Manager; returns the seller and that listing. */
async function sellerAsking(questions: unknown[]) {
  const seller = await createSeller(sandbox.url, { listings: 3 });
  const listingId = seller.listing_ids[0]!;
  await sandboxControl(sandbox.url, `/listings/${listingId}`, { personalization_questions: questions }, "PATCH");
  return { seller, listingId };
}

async function signedInPage(base: string, seller: { email: string; password: string }, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height } });
  await page.goto(`${base}/sign-in`);
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill(seller.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow access" }).click();
  await page.waitForURL(`${base}/listings**`);
  return page;
}

/** Waits for the save's message, then for it to leave by itself, so the picture shows the page under it. */
async function settled(page: Page) {
  const message = page.getByRole("status").filter({ hasText: "Saved." });
  await message.waitFor();
  await message.waitFor({ state: "hidden", timeout: 30_000 });
}

try {
  const page = await signedInPage(dashboard.url, DEMO_SELLERS.bo, 900);
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
  await page.getByRole("button", { name: /^Change \d+ listings…$/ }).click();
  const dialog = page.getByRole("dialog", { name: /^Change \d+ listings$/ });
  await dialog.getByLabel("What to change").selectOption({ label: "The text question's character limit" });
  await dialog.getByRole("spinbutton", { name: "Character limit" }).fill("120");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await page.getByTestId("plan-cost").waitFor();
  await page.screenshot({ path: "docs/change-review.png" });
  console.log("docs/change-review.png");

  const multi = await sellerAsking([
    {
      question_type: "text_input",
      question_text: "Name to engrave",
      instructions: "Up to 20 letters",
      required: true,
      max_allowed_characters: 20,
    },
    {
      question_type: "dropdown",
      question_text: "Font",
      required: true,
      options: [{ label: "Serif" }, { label: "Script" }, { label: "Sans" }],
    },
    {
      question_type: "labeled_upload",
      question_text: "Photos to print",
      required: false,
      max_allowed_files: 2,
      options: [{ label: "Front" }, { label: "Back" }],
    },
  ]);
  const multiPage = await signedInPage(dashboard.url, multi.seller, 1100);
  await multiPage.goto(`${dashboard.url}/listings/${multi.listingId}`);
  const first = multiPage.getByRole("group", { name: /^Question 1: Text/ });
  await first.getByLabel("Instructions").fill("Up to 20 letters, as it should appear");
  await multiPage.getByRole("button", { name: "Save questions" }).click();
  await settled(multiPage);
  await multiPage.evaluate(() => window.scrollTo(0, 0));
  await multiPage.screenshot({ path: "docs/multi-question-editor.png" });
  console.log("docs/multi-question-editor.png");

  // The migration period: one text question, as MARKETPLACE_PERSONALIZATION=single edits it.
  await sandboxControl(sandbox.url, "/phase", { phase: "migration" });
  const singleDb = "test-results/screenshots-single-dashboard.db";
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${singleDb}${suffix}`, { force: true });
  const single = await startDashboard({
    port: port + 2,
    sandboxUrl: sandbox.url,
    dashboardDb: singleDb,
    stdio: "ignore",
    env: { MARKETPLACE_PERSONALIZATION: "single", MARKETPLACE_WEBHOOK_SECRET: "" },
  });
  try {
    const one = await sellerAsking([
      {
        question_type: "text_input",
        question_text: "Personalization",
        instructions: "Gift note",
        required: false,
        max_allowed_characters: 200,
      },
    ]);
    const editorPage = await signedInPage(single.url, one.seller, 1350);
    await editorPage.goto(`${single.url}/listings/${one.listingId}`);
    const instructions = editorPage.getByLabel("Instructions for buyers");
    await instructions.fill("Initials for the locket");
    await editorPage.getByLabel("Character limit for buyers' answers").fill("3");
    await editorPage.getByLabel("Buyers must answer (required)").check();
    await editorPage.getByRole("button", { name: "Save question" }).click();
    await settled(editorPage);
    await instructions.fill("Initials for the locket, up to 3 letters");
    await editorPage.evaluate(() => window.scrollTo(0, 0));
    await editorPage.screenshot({ path: "docs/editor.png" });
    console.log("docs/editor.png");
  } finally {
    await single.stop();
  }
} finally {
  await browser.close();
  await dashboard.stop();
  await sandbox.close();
}
