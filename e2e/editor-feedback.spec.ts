import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { editor, hydrated, openEditor } from "./editor";
import { E2E } from "./ports";
import { control, putQuestion, newSeller, signIn, storedListing, type TestSeller } from "./sandbox-control";

const personalizationPath = (seller: TestSeller, listingId: number) =>
  `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization`;
const saved = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Saved. Buyers are now asked this question." });
const history = (page: Page) => page.getByRole("region", { name: "History" });

/** What the dashboard's own database holds as this listing's history, newest first. */
function historyRows(listingId: number): { action: string; outcome: string }[] {
  const db = new Database(E2E.dashboardDb, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT action, outcome FROM personalization_history WHERE listing_id = ? ORDER BY recorded_at DESC")
      .all(listingId) as { action: string; outcome: string }[];
  } finally {
    db.close();
  }
}

test.use({ viewport: { width: 1280, height: 560 } });

test("the tab names the listing being edited", async ({ page }) => {
  const seller = await newSeller(1);
  await openEditor(page, seller);
  await expect(page).toHaveTitle('Edit "Test listing 1" · Personalization dashboard');
});

test("a save is confirmed in the viewport after scrolling to the Save button, and focus comes back to Save", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const form = editor(page);
  await hydrated(form.save);
  await form.instructions.fill("Name to engrave");
  await form.limit.fill("20");
  await form.save.click();

  await expect(saved(page)).toBeInViewport();
  await expect(form.save).toBeFocused();
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: "Name to engrave", max_allowed_characters: 20 },
  ]);
  await expect(history(page).getByTestId("history-entry")).toHaveCount(1);
  await expect(history(page).getByTestId("history-entry")).toContainText("Question saved in the editor");
  expect(historyRows(listingId)).toEqual([{ action: "save", outcome: "done" }]);

  await page.getByRole("button", { name: "Dismiss this message" }).click();
  await expect(saved(page)).toHaveCount(0);
});

test("a 500 on save says 'Not saved' in the viewport, keeps the typed values, and the history gains no saved entry", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const form = editor(page);
  await hydrated(form.save);
  await expect(history(page).getByText("No changes from this dashboard yet.")).toBeVisible();
  await form.instructions.fill("Name to engrave");
  await control("/faults", { method: "POST", path: personalizationPath(seller, listingId), status: 500 });
  await form.save.click();

  const failure = page.getByRole("alert").filter({ hasText: "Not saved." });
  await expect(failure).toBeInViewport();
  await expect(failure).toContainText("error 500");
  await expect(failure).toBeFocused();
  await expect(saved(page)).toHaveCount(0);
  await expect(form.instructions).toHaveValue("Name to engrave");
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
  expect(historyRows(listingId)).toEqual([]);
  await page.reload();
  await expect(history(page).getByText("No changes from this dashboard yet.")).toBeVisible();
});

test("Ctrl+S saves from anywhere in the editor", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const form = editor(page);
  await hydrated(form.save);
  await form.instructions.fill("Initials please");
  await form.instructions.press("Control+s");
  await expect(saved(page)).toBeInViewport();
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: "Initials please" },
  ]);
});

test("the history reads like a log: what changed before and after, by what, and 'Remove the question' for a version without one", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const form = editor(page);
  await hydrated(form.save);
  await form.instructions.fill("Gift note");
  await form.save.click();
  await expect(saved(page)).toBeVisible();
  await form.instructions.fill("Name to engrave");
  await form.limit.fill("20");
  await form.required.check();
  await form.save.click();
  await expect(form.save).toBeFocused();

  const entries = history(page).getByTestId("history-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByTestId("history-diff")).toHaveText(
    "Instructions:“Gift note” → “Name to engrave”Character limit:100 → 20Required:No → Yes",
  );
  await expect(entries.nth(1).getByTestId("history-diff")).toHaveText(
    "Question:No question → “Gift note”, optional, up to 100 characters",
  );
  await entries.nth(1).getByRole("button", { name: "Remove the question" }).click();

  const removed = page.getByRole("status").filter({ hasText: "Question removed." });
  await expect(removed).toBeInViewport();
  await expect(removed).toBeFocused();
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText("Earlier version restored from this history");
  await expect(entries.first().getByTestId("history-diff")).toHaveText(
    "Question:“Name to engrave”, required, up to 20 characters → No question",
  );
});

test("a write whose answer never came is shown as not confirmed, never as saved, until the listing read back settles it", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
  await openEditor(page, seller);
  const form = editor(page);
  await hydrated(form.save);
  await form.instructions.fill("Name to engrave");
  await control("/faults", {
    method: "POST",
    path: personalizationPath(seller, listingId),
    delay_ms: E2E.timeoutMs + 2000,
  });
  await form.save.click();

  await expect(page.getByRole("alert").filter({ hasText: "Not confirmed." })).toBeInViewport();
  await expect(saved(page)).toHaveCount(0);
  const entry = history(page).getByTestId("history-entry");
  await expect(entry).toHaveAttribute("data-outcome", "unknown");
  await expect(entry).toContainText("Not confirmed");
  await expect(entry).not.toContainText("Question saved");
  expect(historyRows(listingId)).toEqual([{ action: "save", outcome: "unknown" }]);

  // The slow write lands; the next read of the history reads the listing back and settles the entry.
  await expect
    .poll(async () => (await storedListing(listingId)).personalization.personalization_questions[0]?.instructions, {
      timeout: 15_000,
    })
    .toBe("Name to engrave");
  await page.reload();
  await expect(entry).toHaveAttribute("data-outcome", "done");
  await expect(entry).toContainText("Question saved in the editor");
  expect(historyRows(listingId)).toEqual([{ action: "save", outcome: "done" }]);
});

test("following a listing's link from the listings page names that listing in the tab", async ({ page }) => {
  const seller = await newSeller(3);
  await signIn(page, seller);
  await page.getByRole("link", { name: "Test listing 3", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Test listing 3" })).toBeVisible();
  await expect(page).toHaveTitle('Edit "Test listing 3" · Personalization dashboard');
});
