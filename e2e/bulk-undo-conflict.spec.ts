import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./editor";
import {
  inShopManager,
  lastRequestId,
  newSeller,
  putQuestion,
  requestsSince,
  signIn,
  storedListing,
} from "./sandbox-control";

const GIFT = { instructions: "Gift note", required: false, max_allowed_characters: 200 };
const ENGRAVE = { instructions: "Name to engrave", required: true, max_allowed_characters: 20 };
const MONOGRAM = { instructions: "Initials for the monogram", required: true, max_allowed_characters: 3 };

const questionsOf = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions.map(
    ({ instructions, required, max_allowed_characters }) => ({ instructions, required, max_allowed_characters }),
  );

async function waitForFinish(page: Page, total: number) {
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(total), { timeout: 30_000 });
  await expect(page.getByText(/^Bulk change finished:/)).toBeAttached();
}

test("undoing a bulk change skips a listing changed after it: the others are put back, that one keeps its edit and gets no write", async ({
  page,
}) => {
  const seller = await newSeller(3);
  const [gifted, changedLater, bare] = seller.listing_ids as [number, number, number];
  await putQuestion(seller, gifted, GIFT);
  await signIn(page, seller);

  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  await page.getByRole("button", { name: "Apply a question…" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply a question to 3 listings" });
  await dialog.getByLabel("Instructions for buyers").fill(ENGRAVE.instructions);
  await dialog.getByLabel("Character limit for buyers' answers").fill("20");
  await dialog.getByLabel("Buyers must answer (required)").check();
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await page
    .getByRole("dialog", { name: "Apply this question?" })
    .getByRole("button", { name: "Apply to 3 listings" })
    .click();
  await expect(page).toHaveURL(/\/bulk-jobs\/[0-9a-f-]{36}$/);
  await waitForFinish(page, 3);
  for (const id of seller.listing_ids) expect(await questionsOf(id)).toEqual([ENGRAVE]);

  // The seller changes one listing in Shop Manager after the bulk change.
  await inShopManager(changedLater, [{ question_type: "text_input", question_text: "Personalization", ...MONOGRAM }]);
  const before = await lastRequestId();

  await page.getByRole("button", { name: "Undo this change" }).click();
  await page
    .getByRole("dialog", { name: "Undo this change?" })
    .getByRole("button", { name: "Undo 3 listings" })
    .click();
  await expect(page.getByRole("heading", { name: "Undo a bulk change on 3 listings" })).toBeVisible();
  await waitForFinish(page, 3);
  await expect(page.getByTestId("count-done")).toHaveText("2");
  await expect(page.getByTestId("count-skipped")).toHaveText("1");

  const results = page.getByRole("region", { name: "Results" });
  const skipped = results.getByRole("row").filter({ has: page.getByRole("link", { name: "Test listing 2" }) });
  await expect(skipped).toContainText("Skipped");
  await expect(skipped).toContainText("Not undone: this listing changed after the bulk change");
  await expect(results.getByRole("row").filter({ has: page.getByRole("link") })).toHaveCount(1);

  expect(await questionsOf(gifted)).toEqual([GIFT]);
  expect(await questionsOf(bare)).toEqual([]);
  expect(await questionsOf(changedLater)).toEqual([MONOGRAM]);
  const writes = (await requestsSince(before)).filter(
    (entry) => entry.method !== "GET" && entry.path.endsWith("/personalization"),
  );
  expect(writes.filter((entry) => entry.path.includes(`/listings/${changedLater}/`))).toEqual([]);
  expect(writes.map((entry) => entry.path).sort()).toEqual(
    [gifted, bare].map((id) => `/v3/application/shops/${seller.shop_id}/listings/${id}/personalization`).sort(),
  );
});
