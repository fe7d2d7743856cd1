import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { openNewEditor, optionalTextFields, saved, openGiftNoteEditor } from "./editor";
import { E2E } from "./ports";
import { control, newSeller, signIn, storedListing, faultQuestionWrites } from "./sandbox-control";

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
  await openNewEditor(page);
  await expect(page).toHaveTitle('Edit "Test listing 1" · Personalization dashboard');
});

test("a save is confirmed in the viewport after scrolling to the Save button, and focus comes back to Save", async ({
  page,
}) => {
  const { listingId, form } = await openNewEditor(page);
  await form.instructions.fill("Name to engrave");
  await form.limit.fill("20");
  await form.save.click();

  await expect(saved(page)).toBeInViewport();
  await expect(form.save).toBeFocused();
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: "Name to engrave", max_allowed_characters: 20 },
  ]);
  // One save, two versions: the one it left and the one before.
  await expect(history(page).getByTestId("history-entry")).toHaveCount(2);
  await expect(history(page).getByTestId("history-entry").first()).toContainText("Question saved in the editor");
  expect(historyRows(listingId)).toEqual([{ action: "save", outcome: "done" }]);

  await page.getByRole("button", { name: "Dismiss this message" }).click();
  await expect(saved(page)).toHaveCount(0);
});

test("a 500 that lasts through the retries says 'Not saved yet' in the viewport, keeps the typed values, and the history gains an entry only once the save lands by itself", async ({
  page,
}) => {
  const { seller, listingId, form } = await openNewEditor(page);
  await expect(history(page).getByText("No changes from this dashboard yet.")).toBeVisible();
  await form.instructions.fill("Name to engrave");
  await faultQuestionWrites(seller, listingId, { status: 500, times: 50 });
  await form.save.click();

  const failure = page.getByRole("alert").filter({ hasText: "Not saved yet." });
  await expect(failure).toBeInViewport();
  await expect(failure).toContainText("saves again by itself once it answers. Your changes are still here.");
  await expect(failure).toBeFocused();
  await expect(saved(page)).toHaveCount(0);
  await expect(form.instructions).toHaveValue("Name to engrave");
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
  expect(historyRows(listingId)).toEqual([]);

  await control("/faults", undefined, "DELETE");
  await expect(saved(page)).toBeVisible({ timeout: 30_000 });
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([
    expect.objectContaining({ instructions: "Name to engrave" }),
  ]);
  expect(historyRows(listingId)).toHaveLength(1);
});

test("Ctrl+S saves from anywhere in the editor", async ({ page }) => {
  const { listingId, form } = await openNewEditor(page);
  await form.instructions.fill("Initials please");
  await form.instructions.press("Control+s");
  await expect(saved(page)).toBeInViewport();
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: "Initials please" },
  ]);
});

test("the history lists each version buyers were asked, marks the one asked now once, and puts back exactly the one named", async ({
  page,
}) => {
  const { listingId, form } = await openNewEditor(page);
  await form.instructions.fill("Gift note");
  await form.save.click();
  await expect(saved(page)).toBeVisible();
  await form.instructions.fill("Name to engrave");
  await form.limit.fill("20");
  await form.required.check();
  await form.save.click();
  await expect(form.save).toBeFocused();

  const entries = history(page).getByTestId("history-entry");
  await expect(entries).toHaveCount(3);
  await expect(entries.first().getByTestId("history-version")).toHaveText(
    "What buyers are asked nowBuyers are asked: “Name to engrave”, required, up to 20 characters",
  );
  await expect(entries.first().getByTestId("field-change")).toHaveText([
    "Instructions: “Gift note” → “Name to engrave”",
    "Character limit: 100 → 20",
    "Required: No → Yes",
  ]);
  await expect(entries.nth(1).getByTestId("history-version")).toHaveText(
    "Buyers were asked: “Gift note”, optional, up to 100 characters",
  );
  await expect(entries.nth(1).getByTestId("question-change")).toContainText("Added: “Personalization” (Text)");
  await expect(entries.nth(1).getByTestId("field-change")).toHaveText(optionalTextFields("Gift note", 100));
  await expect(entries.nth(2)).toContainText("as the listing was before these changes");
  await expect(history(page).getByText("What buyers are asked now")).toHaveCount(1);

  await entries.nth(1).getByRole("button", { name: "Put back: “Gift note”, optional, up to 100 characters" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Put back." })).toBeFocused();
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: "Gift note", max_allowed_characters: 100, required: false },
  ]);
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText("Earlier version restored from this history");
  await expect(history(page).getByText("What buyers are asked now")).toHaveCount(1);

  await entries.nth(3).getByRole("button", { name: "Put back: No question" }).click();
  const removed = page.getByRole("status").filter({ hasText: "Question removed." });
  await expect(removed).toBeInViewport();
  await expect(removed).toBeFocused();
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
  await expect(entries).toHaveCount(5);
  await expect(entries.first().getByTestId("question-change")).toContainText("Removed: “Personalization” (Text)");
  await expect(entries.first().getByTestId("field-change")).toHaveText(optionalTextFields("Gift note", 100));
  await expect(entries.first()).toContainText("What buyers are asked now");
});

test("a 429 on 'Put back' counts the wait down and puts the version back by itself", async ({ page }) => {
  const { seller, listingId, form } = await openNewEditor(page);
  await form.instructions.fill("Gift note");
  await form.save.click();
  await expect(saved(page)).toBeVisible();
  await faultQuestionWrites(seller, listingId, { status: 429, retry_after: 4, times: 1 }, "DELETE");

  await history(page).getByRole("button", { name: "Put back: No question" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not put back yet." })).toContainText(
    "The marketplace is busy and asked us to wait 4 seconds; the dashboard tries again by itself then.",
  );
  await expect(page.getByTestId("recovery-countdown")).toHaveText(/^Trying again in [1-4] seconds?\.$/);
  expect((await storedListing(listingId)).personalization.personalization_questions).toHaveLength(1);

  await expect(page.getByRole("status").filter({ hasText: "Question removed." })).toBeVisible({ timeout: 15_000 });
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
});

test("a write whose answer never came is shown as not confirmed, never as saved, until the listing read back settles it by itself", async ({
  page,
}) => {
  const { seller, listingId, form } = await openGiftNoteEditor(page);
  await form.instructions.fill("Name to engrave");
  await faultQuestionWrites(seller, listingId, { delay_ms: E2E.timeoutMs + 2000 });
  await form.save.click();

  await expect(page.getByRole("alert").filter({ hasText: "Not confirmed yet." })).toBeInViewport();
  await expect(saved(page)).toHaveCount(0);
  expect(historyRows(listingId)).toEqual([{ action: "save", outcome: "unknown" }]);

  // The slow write lands; the editor reads the listing back by itself, which settles the entry.
  await expect(saved(page)).toBeVisible({ timeout: 20_000 });
  expect((await storedListing(listingId)).personalization.personalization_questions[0]?.instructions).toBe(
    "Name to engrave",
  );
  const entry = history(page).getByTestId("history-entry").first();
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
