import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signInTo } from "./editor";
import { sellerAskingName } from "./orders";
import { inPhase, signIn } from "./sandbox-control";
import { violations } from "./axe";

// The sheet is the queue printed (docs/sellers.md "The production sheet"): its state and filter, corrections in place,
// the buyer's note on the row and the sheet.

inPhase("webhooks");

const DAY = 24 * 3600;
const NOTE = "Please engrave the name in capitals … it is a surprise!";

const rowOf = (page: Page, receiptId: number) =>
  page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: String(receiptId), exact: true }) });

const stateOf = (page: Page, receiptId: number) => rowOf(page, receiptId).locator("[data-state]");

async function toQueue(page: Page, path = "/orders") {
  await page.goto(path);
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
}

/** Light and dark, on a desktop and on a phone. */
async function axeClean(page: Page) {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await violations(page)).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: "light" });
}

/** The sheet as Chromium prints it, its first page as a picture (pdftoppm), or the print-media page where it is missing. */
async function printedPicture(page: Page, path: string) {
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ path: "test-results/production-sheet.pdf", format: "A4", printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  if (existsSync("/usr/bin/pdftoppm"))
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "96",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      "test-results/production-sheet.pdf",
      path.replace(/\.png$/, ""),
    ]);
  else await page.screenshot({ path, fullPage: true });
  await page.emulateMedia({ media: "screen" });
}

test("the sheet opens on the queue's state, to make: a correction is printed in place of the answer, and a sheet printed after marking its items made holds none of them", async ({
  page,
}) => {
  const { seller, place } = await sellerAskingName();
  const ada = (await place("Jane Doe", "Ada")).receipt_id;
  // Due three days after the order, as the sandbox ships: placed four days ago, one day overdue.
  const noha = (await place("Ravi Patel", "Noha 🌸", 4 * DAY)).receipt_id;
  const mo = (await place("Old Buyer", "Mo", 10 * DAY)).receipt_id;
  const review = (await place("Still Review", "Zoë 🌸", 2 * DAY)).receipt_id;
  await place("Nia Note", "Nia", DAY, { message_from_buyer: NOTE });
  await signIn(page, seller, { from: signInTo("/orders") });
  await toQueue(page);

  await rowOf(page, noha).getByRole("checkbox").check();
  await page.getByLabel("Correction the buyer agreed to").fill("Engrave Noah, no hidden mark");
  await page.getByRole("button", { name: "Note a correction" }).click();
  await expect(stateOf(page, noha)).toHaveText("To make");
  await expect(stateOf(page, review)).toHaveText("Review needed");

  await page.getByRole("link", { name: "Production sheet" }).click();
  await expect(page).toHaveURL(/\/orders\/sheet$/);
  const summary = page.getByTestId("sheet-summary");
  await expect(summary).toHaveText("To make · 3 items in 3 orders");
  await expect(page.getByText("2 items in review are left off until reviewed.")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Still Review");
  const corrected = rowOf(page, noha);
  await expect(corrected.locator("[data-answer]")).toContainText("Engrave Noah, no hidden mark");
  await expect(corrected.locator("[data-corrected]")).toHaveText("corrected");
  await expect(corrected).not.toContainText("Noha");
  await expect(corrected).not.toContainText("the emoji");
  await expect(page.locator("tbody tr td:first-child")).toHaveText([mo, noha, ada].map(String));
  await expect(page.getByText(/^Printed \d+ \w+ \d{4}, \d\d:\d\d \(UTC\)\./)).toBeVisible();
  await axeClean(page);

  // The picture of docs/sellers.md, copied to docs/production-sheet.png when the sheet's look changes: with the items in
  // review printed on hold.
  await page.getByRole("link", { name: "Print items in review too, on hold" }).click();
  await expect(summary).toHaveText("To make · items in review on hold · 5 items in 5 orders");
  await page.setViewportSize({ width: 794, height: 1123 });
  await printedPicture(page, "test-results/production-sheet.png");
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("link", { name: "Leave items in review off" }).click();
  await expect(summary).toHaveText("To make · 3 items in 3 orders");

  const markMade = page.getByRole("button", { name: "Mark these 3 items made" });
  await hydrated(markMade);
  await markMade.click();
  await expect(page.getByRole("status").filter({ hasText: "3 items marked made." })).toBeVisible();
  await expect(summary).toHaveText("To make · 0 items in 0 orders");
  await page.reload();
  await expect(summary).toHaveText("To make · 0 items in 0 orders");
  await expect(page.getByText("Nothing here to make.")).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(0);

  await page.goto("/orders/sheet?state=made");
  await expect(summary).toHaveText("Made · 3 items in 3 orders");
  await toQueue(page);
  for (const receiptId of [ada, noha, mo]) await expect(stateOf(page, receiptId)).toHaveText("Made");
});

test("the buyer's note shows under the answers on the row and the sheet, holds its item in review until marked read (undone like any move), and a has-a-note filter carries to the sheet", async ({
  page,
}) => {
  const { seller, place } = await sellerAskingName();
  const noted = (await place("Nia Note", "Noah", 0, { message_from_buyer: NOTE })).receipt_id;
  const plain = (await place("Pat Plain", "Pat")).receipt_id;
  await signIn(page, seller, { from: signInTo("/orders") });
  await toQueue(page);

  const row = rowOf(page, noted);
  await expect(row.locator("[data-buyer-note]")).toContainText(`Note from the buyer: ${NOTE}`);
  await expect(row).toContainText("The buyer left a note: read it.");
  await expect(stateOf(page, noted)).toHaveText("Review needed");
  await expect(stateOf(page, plain)).toHaveText("To make");
  await expect(rowOf(page, plain).locator("[data-buyer-note]")).toHaveCount(0);
  await axeClean(page);

  await page.getByLabel("Has a note from the buyer").check();
  await page.getByRole("button", { name: "Show orders" }).click();
  await expect(page).toHaveURL(/[?&]note=1/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("link", { name: "Production sheet" }).click();
  await expect(page).toHaveURL(/\/orders\/sheet\?note=1$/);
  const summary = page.getByTestId("sheet-summary");
  await expect(summary).toHaveText("To make · with a note from the buyer · 0 items in 0 orders");
  await page.getByRole("link", { name: "Print items in review too, on hold" }).click();
  await expect(summary).toHaveText(
    "To make · with a note from the buyer · items in review on hold · 1 item in 1 order",
  );
  await expect(rowOf(page, noted).locator("[data-on-hold]")).toHaveText("On hold: in review, don't make yet");
  await expect(rowOf(page, noted).locator("[data-buyer-note]")).toHaveText(`Note from the buyer: ${NOTE}`);
  await axeClean(page);

  await toQueue(page, "/orders?note=1");
  const read = page.getByRole("button", { name: `Mark the note of order ${noted} read` });
  await hydrated(read);
  await read.click();
  await expect(stateOf(page, noted)).toHaveText("To make");
  await expect(rowOf(page, noted)).not.toContainText("read it.");
  await rowOf(page, noted).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Undo last move" }).click();
  await expect(stateOf(page, noted)).toHaveText("Review needed");
  await page.getByRole("button", { name: `Mark the note of order ${noted} read` }).click();
  await expect(stateOf(page, noted)).toHaveText("To make");

  await page.getByRole("link", { name: "Production sheet" }).click();
  await expect(summary).toHaveText("To make · with a note from the buyer · 1 item in 1 order");
  await expect(rowOf(page, noted).locator("[data-on-hold]")).toHaveCount(0);
  await expect(rowOf(page, noted).locator("[data-buyer-note]")).toHaveText(`Note from the buyer: ${NOTE}`);
});
