import { expect, test } from "@playwright/test";
import { applyChange, openChange, QUESTION_SET, undoChange } from "./changes";
import { hydrated, optionalTextFields } from "./editor";
import { newSeller, putQuestion, signIn, storedListing, type StoredListing } from "./sandbox-control";
import { violations } from "./axe";

const GIFT = { instructions: "Gift note", required: false, max_allowed_characters: 200 };
const ENGRAVE = { instructions: "Name to engrave", required: true, max_allowed_characters: 20 };

const questionsOf = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions.map(
    ({ instructions, required, max_allowed_characters }) => ({ instructions, required, max_allowed_characters }),
  );

// Before the multi-question period: one text question, asked of every listing of a filter, then undone.
test("a seller asks one question on every listing of a filter, reviews and applies it, and undoes it", async ({
  page,
}) => {
  const seller = await newSeller(30);
  const [gifted] = seller.listing_ids as [number];
  await putQuestion(seller, gifted, GIFT);
  const before = await Promise.all(seller.listing_ids.map(storedListing));
  await signIn(page, seller);
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();

  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await page.getByRole("checkbox", { name: "Select Test listing 2", exact: true }).check();
  await expect(page.getByTestId("bulk-selection")).toHaveText("1 listing selected.");
  await pageBox.check();
  await expect(page.getByTestId("bulk-selection")).toHaveText("25 listings selected.");
  await page.getByRole("button", { name: "Select all 30 active listings" }).click();
  await expect(page.getByTestId("bulk-selection")).toHaveText("All 30 active listings are selected, on every page.");

  const dialog = await openChange(page, 30, QUESTION_SET);
  await dialog.getByLabel("Instructions for buyers").fill("NAME TO ENGRAVE NOW");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(
    dialog.getByText("Do not write 3 or more words in a row in capitals (a word is 3 or more letters).").first(),
  ).toBeVisible();
  await dialog.getByLabel("Instructions for buyers").fill(ENGRAVE.instructions);
  await dialog.getByLabel("Character limit for buyers' answers").fill("20");
  await dialog.getByLabel("Buyers must answer (required)").check();
  await dialog.getByRole("button", { name: "Review the change" }).click();

  await expect(page.getByRole("heading", { name: "Replace every question with 1 new one" })).toBeVisible();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "30 listings change, 0 listings skipped, 0 already as asked.",
  );
  const first = page.getByRole("article", { name: "Test listing 1", exact: true });
  await expect(first.getByTestId("question-change")).toContainText("“Personalization” (Text)");
  await expect(first.getByTestId("field-change")).toHaveText([
    "Instructions: “Gift note” → “Name to engrave”",
    "Character limit: 200 → 20",
    "Required: No → Yes",
  ]);
  expect(await violations(page)).toEqual([]);
  const applied = await applyChange(page, 30);
  expect(await violations(page)).toEqual([]);
  for (const id of [gifted, seller.listing_ids[29]!]) expect(await questionsOf(id)).toEqual([ENGRAVE]);

  await undoChange(page, "Replace every question with 1 new one", 30);
  const after = await Promise.all(seller.listing_ids.map(storedListing));
  const personalization = (listing: StoredListing) =>
    listing.personalization.personalization_questions.map(({ instructions, required, max_allowed_characters }) => ({
      instructions,
      required,
      max_allowed_characters,
    }));
  expect(after.map(personalization)).toEqual(before.map(personalization));

  await page.getByRole("link", { name: "See the change this undoes" }).click();
  await expect(page).toHaveURL(applied);
  await expect(page.getByRole("link", { name: "See its undo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Plan the undo…" })).toHaveCount(0);
});

test("a listing's page shows its history and restores an earlier version in one click", async ({ page }) => {
  const seller = await newSeller(2);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, GIFT);
  await signIn(page, seller);
  // Keyboard only: Space ticks the row, Enter opens the dialog, Escape closes it without changing anything.
  const box = page.getByRole("checkbox", { name: "Select Test listing 1", exact: true });
  await hydrated(box);
  await box.focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("bulk-selection")).toHaveText("1 listing selected.");
  await page.getByRole("button", { name: "Change 1 listing…" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Change 1 listing" });
  await expect(dialog.getByLabel("What to change")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: "Change 1 listing…" }).press("Enter");
  await dialog.getByLabel("What to change").selectOption({ label: "Remove personalization" });
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await applyChange(page, 1);
  expect(await questionsOf(listingId)).toEqual([]);

  await page.goto(`/listings/${listingId}`);
  const history = page.getByRole("region", { name: "History" });
  const entry = history.getByTestId("history-entry");
  // One change, two versions: the one it left (asked now) and the one it replaced.
  await expect(entry).toHaveCount(2);
  await expect(entry.first()).toContainText("Questions changed with other listings");
  await expect(entry.first().getByTestId("history-version")).toHaveText(
    "What buyers are asked nowBuyers are asked: No question",
  );
  await expect(entry.first().getByTestId("question-change")).toContainText("Removed: “Personalization” (Text)");
  await expect(entry.first().getByTestId("field-change")).toHaveText(optionalTextFields("Gift note", 200));
  await expect(entry.first().getByRole("button")).toHaveCount(0);
  await expect(entry.nth(1).getByTestId("history-version")).toHaveText(
    "Buyers were asked: “Gift note”, optional, up to 200 characters",
  );
  expect(await violations(page)).toEqual([]);
  await entry
    .nth(1)
    .getByRole("button", { name: "Put back: “Gift note”, optional, up to 200 characters", exact: true })
    .click();

  await expect(page.getByRole("status").filter({ hasText: "Put back." })).toHaveText(
    "Put back. Buyers are now asked: “Gift note”, optional, up to 200 characters.",
  );
  expect(await questionsOf(listingId)).toEqual([GIFT]);
  await expect(page.getByLabel("Instructions for buyers")).toHaveValue("Gift note");
  await expect(entry).toHaveCount(3);
  await expect(entry.first()).toContainText("Earlier version restored");
  await expect(entry.first().getByTestId("question-change")).toContainText("Added: “Personalization” (Text)");
  await expect(entry.first().getByTestId("field-change")).toHaveText(optionalTextFields("Gift note", 200));
  await expect(history.getByText("What buyers are asked now")).toHaveCount(1);
  await expect(entry.first()).toContainText("What buyers are asked now");
  await expect(entry.nth(1).getByRole("button", { name: "Put back: No question" })).toBeVisible();
});
