import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./editor";
import {
  limitDashboardApp,
  newSeller,
  putQuestion,
  signIn,
  storedListing,
  type StoredListing,
} from "./sandbox-control";

const GIFT = { instructions: "Gift note", required: false, max_allowed_characters: 200 };
const ENGRAVE = { instructions: "Name to engrave", required: true, max_allowed_characters: 20 };

const questionsOf = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions.map(
    ({ instructions, required, max_allowed_characters }) => ({ instructions, required, max_allowed_characters }),
  );

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

test.afterEach(async () => {
  await limitDashboardApp(1000);
});

async function waitForFinish(page: Page, total: number) {
  const progress = page.getByRole("progressbar");
  await expect(progress).toHaveAttribute("aria-valuemax", String(total));
  await expect(progress).toHaveAttribute("aria-valuenow", String(total), { timeout: 30_000 });
  await expect(page.getByText(/^Bulk change finished:/)).toBeAttached();
}

test("a seller applies one question to every listing of a filter, watches it run, and undoes it", async ({ page }) => {
  const seller = await newSeller(30);
  const [gifted] = seller.listing_ids as [number];
  await putQuestion(seller, gifted, GIFT);
  const before = await Promise.all(seller.listing_ids.map(storedListing));
  // Slow enough to watch the job's progress.
  await limitDashboardApp(8);
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

  await page.getByRole("button", { name: "Apply a question…" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply a question to 30 listings" });
  await dialog.getByLabel("Instructions for buyers").fill("NAME TO ENGRAVE NOW");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(
    dialog.getByText("Do not write 3 or more words in a row in capitals (a word is 3 or more letters).").first(),
  ).toBeVisible();
  await dialog.getByLabel("Instructions for buyers").fill(ENGRAVE.instructions);
  await dialog.getByLabel("Character limit for buyers' answers").fill("20");
  await dialog.getByLabel("Buyers must answer (required)").check();
  await dialog.getByRole("button", { name: "Review the change" }).click();

  const confirm = page.getByRole("dialog", { name: "Apply this question?" });
  await expect(confirm.getByTestId("bulk-change-count")).toHaveText("30 listings of 30 will change.");
  await expect(confirm.getByRole("row").filter({ hasText: "Test listing 1" }).getByRole("cell")).toHaveText([
    "Test listing 1",
    "“Gift note”, optional, up to 200 characters",
    "“Name to engrave”, required, up to 20 characters",
  ]);
  expect(await violations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Apply to 30 listings" }).click();

  await expect(page).toHaveURL(/\/bulk-jobs\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole("heading", { name: "Ask “Name to engrave”, required, up to 20 characters on 30 listings" }),
  ).toBeVisible();
  // Eight requests a second: the bar is seen part-way before it completes.
  await expect
    .poll(async () => Number(await page.getByRole("progressbar").getAttribute("aria-valuenow")), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(page.getByTestId("count-left")).not.toHaveText("0");
  await waitForFinish(page, 30);
  await expect(page.getByTestId("count-done")).toHaveText("30");
  await expect(page.getByTestId("count-failed")).toHaveText("0");
  await expect(page.getByTestId("bulk-handled")).toHaveText("30 of 30 listings handled");
  const results = page.getByRole("region", { name: "Results" });
  await expect(results).toContainText("No listing failed or was skipped.");
  await expect(results.getByRole("row")).toHaveCount(0);
  await results.getByRole("button", { name: "Show all 30 listings" }).click();
  await expect(results.getByRole("row").filter({ hasText: "Changed" })).toHaveCount(30);
  expect(await violations(page)).toEqual([]);
  for (const id of [gifted, seller.listing_ids[29]!]) expect(await questionsOf(id)).toEqual([ENGRAVE]);

  const appliedUrl = page.url();
  await page.getByRole("button", { name: "Undo this change" }).click();
  await page
    .getByRole("dialog", { name: "Undo this change?" })
    .getByRole("button", { name: "Undo 30 listings" })
    .click();
  await expect(page).not.toHaveURL(appliedUrl);
  await expect(page.getByRole("heading", { name: "Undo a bulk change on 30 listings" })).toBeVisible();
  await waitForFinish(page, 30);
  await expect(page.getByTestId("count-done")).toHaveText("30");
  const after = await Promise.all(seller.listing_ids.map(storedListing));
  const personalization = (listing: StoredListing) =>
    listing.personalization.personalization_questions.map(({ instructions, required, max_allowed_characters }) => ({
      instructions,
      required,
      max_allowed_characters,
    }));
  expect(after.map(personalization)).toEqual(before.map(personalization));

  await page.getByRole("link", { name: "See the bulk change this undoes" }).click();
  await expect(page.getByRole("link", { name: "This change was undone: see the undo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo this change" })).toHaveCount(0);
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
  await page.getByRole("button", { name: "Remove personalization…" }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Remove personalization?" });
  await expect(confirm.getByTestId("bulk-change-count")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await page.getByRole("button", { name: "Remove personalization…" }).press("Enter");
  await expect(confirm.getByTestId("bulk-change-count")).toHaveText("1 listing of 1 will change.");
  await confirm.getByRole("button", { name: "Remove from 1 listing" }).click();
  await waitForFinish(page, 1);
  expect(await questionsOf(listingId)).toEqual([]);

  await page.getByRole("button", { name: "Show all 1 listing" }).click();
  await page.getByRole("link", { name: "Test listing 1" }).click();
  const history = page.getByRole("region", { name: "History" });
  const entry = history.getByTestId("history-entry");
  // One change, two versions: the one it left (asked now) and the one it replaced.
  await expect(entry).toHaveCount(2);
  await expect(entry.first()).toContainText("Question removed by a bulk change");
  await expect(entry.first().getByTestId("history-version")).toHaveText(
    "What buyers are asked nowBuyers are asked: No question",
  );
  await expect(entry.first().getByTestId("history-diff")).toHaveText(
    "Question:“Gift note”, optional, up to 200 characters → No question",
  );
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
  await expect(entry.first().getByTestId("history-diff")).toHaveText(
    "Question:No question → “Gift note”, optional, up to 200 characters",
  );
  await expect(history.getByText("What buyers are asked now")).toHaveCount(1);
  await expect(entry.first()).toContainText("What buyers are asked now");
  await expect(entry.nth(1).getByRole("button", { name: "Put back: No question" })).toBeVisible();
});
