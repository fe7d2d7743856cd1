import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoFontPath } from "../lib/production/demo-font";
import { hydrated, signInTo } from "./editor";
import { sellerAskingName } from "./orders";
import { control, inPhase, newSeller, putQuestions, signIn } from "./sandbox-control";

inPhase("webhooks");

const rowOf = (page: Page, receiptId: number) =>
  page
    .locator("tbody tr")
    .filter({ has: page.getByRole("cell", { name: String(receiptId), exact: true }) })
    .first();

test("a seller's font and area check each answer: a missing letter and a line too wide wait in review with the reason, a good answer shows its proof", async ({
  page,
}) => {
  const { seller, place } = await sellerAskingName();
  const listingId = seller.listing_ids[0]!;
  const good = (await place("Jane Doe", "Ada")).receipt_id;
  const missing = (await place("Linh Tran", "Nguyễn")).receipt_id;
  const wide = (await place("Will Wu", "WWWWWWWWWWW")).receipt_id;

  await signIn(page, seller, { from: signInTo("/orders") });
  await expect(rowOf(page, good)).toBeVisible();
  await expect(rowOf(page, missing).locator("[data-state]")).toHaveText("To make");

  await page.getByRole("link", { name: "Production profiles" }).click();
  const form = page.getByRole("form", { name: "New profile" });
  await hydrated(form.getByRole("button", { name: "Add profile" }));
  await form.getByLabel("Name").fill("Brass tag, script");
  await form.getByLabel(/Font file/).setInputFiles(demoFontPath());
  await form.getByLabel("Capital height (mm)").fill("6");
  await form.getByLabel("Area width (mm)").fill("60");
  await form.getByLabel("Lines", { exact: true }).fill("1");
  await form.getByRole("checkbox", { name: new RegExp(`\\(${listingId}\\)`) }).check();
  await form.getByRole("button", { name: "Add profile" }).click();
  await expect(page.getByRole("heading", { name: "Brass tag, script (Great Vibes)" })).toBeVisible();

  await page.goto("/orders");
  await expect(rowOf(page, missing).locator("[data-state]")).toHaveText("Review needed");
  await expect(rowOf(page, missing).locator("[data-flag]")).toContainText("'ễ' (U+1EC5) is not in Great Vibes.");
  await expect(rowOf(page, wide).locator("[data-state]")).toHaveText("Review needed");
  await expect(rowOf(page, wide).locator("[data-flag]")).toContainText(
    /“WWWWWWWWWWW” is \d+(\.\d)? mm wide at 6 mm capitals; the area is 60 mm\./,
  );
  await expect(rowOf(page, good).locator("[data-state]")).toHaveText("To make");

  const proof = rowOf(page, good).getByRole("img", { name: /Proof of/ });
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await rowOf(page, good).screenshot({ path: "test-results/production-proof.png" });

  const itemId = await rowOf(page, good).getAttribute("data-item");
  const download = await page.request.get(`/api/production/proof/${good}/${itemId}?download=1`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("image/svg+xml");
  expect(download.headers()["content-disposition"]).toContain("attachment");
  expect(await download.text()).toMatch(/^<svg [^>]*width="60mm"/);
  const png = await page.request.get(`/api/production/proof/${good}/${itemId}?download=1&format=png`);
  expect([png.status(), png.headers()["content-type"]]).toEqual([200, "image/png"]);
  expect((await png.body()).subarray(1, 4).toString("latin1")).toBe("PNG");

  // The sheet prints the same proof beside the answers of the item to make, and leaves the ones in review off.
  await page.goto("/orders/sheet");
  const printed = page.locator(`[data-item="${itemId}"]`).getByRole("img", { name: /Proof of/ });
  await expect(printed).toBeVisible();
  await expect.poll(() => printed.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator("tbody tr td:first-child")).toHaveText([String(good)]);
});

test("a file that is not a font is refused in words, nothing is kept, and axe finds no violation on the page", async ({
  page,
}) => {
  const { seller } = await sellerAskingName();
  await signIn(page, seller, { from: signInTo("/production") });
  const form = page.getByRole("form", { name: "New profile" });
  await hydrated(form.getByRole("button", { name: "Add profile" }));
  await form.getByLabel("Name").fill("Not a font");
  await form
    .getByLabel(/Font file/)
    .setInputFiles({ name: "notes.ttf", mimeType: "font/ttf", buffer: Buffer.from("true, but no font at all here") });
  await form.getByRole("button", { name: "Add profile" }).click();
  await expect(form.getByRole("alert")).toHaveText(/notes\.ttf: This file is not a font the dashboard can read/);
  await expect(form.getByLabel("Name")).toHaveValue("Not a font");
  await page.reload();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["New profile"]);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test("a proof is served only to a signed-in seller", async ({ request }) => {
  const answer = await request.get("/api/production/proof/1/1");
  expect(answer.status()).toBe(401);
  expect((await answer.json()).error).toBeTruthy();
});

test("the pick list totals a listing's open items by the choice they were bought with", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestions(seller, listingId, [
    {
      question_type: "dropdown",
      question_text: "Metal",
      required: true,
      options: [{ label: "Gold" }, { label: "Silver" }],
    },
  ]);
  const listing = await control<{ personalization: { personalization_questions: { question_id: number }[] } }>(
    `/listings/${listingId}`,
  );
  const questionId = listing.personalization.personalization_questions[0]!.question_id;
  for (const [value, quantity] of [
    ["Gold", 2],
    ["Silver", 1],
    ["Gold", 11],
    ["Silver", 4],
  ] as const)
    await control("/orders", { listing_id: listingId, quantity, answers: [{ question_id: questionId, value }] });
  await signIn(page, seller, { from: signInTo("/production/pick-list") });
  await expect(page.locator(`[data-pick-listing="${listingId}"] [data-pick]`)).toHaveText("Gold ×13, Silver ×5");

  // Opened from a sheet, it holds that sheet's items and says which.
  await page.goto(`/orders/sheet?listing=${listingId}`);
  await page.getByRole("link", { name: "Pick list" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("To make");
  await expect(page.locator(`[data-pick-listing="${listingId}"] [data-pick]`)).toHaveText("Gold ×13, Silver ×5");
});
