import { expect, test } from "@playwright/test";
import { hydrated } from "./editor";
import { control, lastRequestId, newSeller, requestsSince, signIn, storedListing } from "./sandbox-control";

const instructionsOf = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions.map((question) => question.instructions);

test("every failed listing of a bulk change is retried in one action, and the marketplace then holds the change on each", async ({
  page,
}) => {
  const seller = await newSeller(5);
  const broken = seller.listing_ids.slice(1, 4);
  await signIn(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  await page.getByRole("button", { name: "Apply a question…" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply a question to 5 listings" });
  await dialog.getByLabel("Instructions for buyers").fill("Gift note");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  // The marketplace refuses the first write to three of the listings.
  for (const listingId of broken)
    await control("/faults", {
      method: "POST",
      path: `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization`,
      status: 400,
      times: 1,
    });
  await page
    .getByRole("dialog", { name: "Apply this question?" })
    .getByRole("button", { name: "Apply to 5 listings" })
    .click();

  await expect(page.getByTestId("count-failed")).toHaveText("3", { timeout: 30_000 });
  await expect(page.getByText(/^Bulk change finished:/)).toBeAttached();
  for (const listingId of broken) expect(await instructionsOf(listingId)).toEqual([]);
  // Each listing's own Retry stays available; one retry no longer holds the others back.
  await expect(page.getByRole("button", { name: "Retry Test listing 2" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Retry Test listing 3" })).toBeEnabled();

  await page.getByRole("button", { name: "Retry all 3 failed listings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Trying 3 failed listings again." })).toBeVisible();
  await expect(page.getByTestId("count-done")).toHaveText("5", { timeout: 30_000 });
  await expect(page.getByTestId("count-failed")).toHaveText("0");
  for (const listingId of seller.listing_ids) expect(await instructionsOf(listingId)).toEqual(["Gift note"]);

  // The list of recent changes counts them as this page does, and says when.
  await page.getByRole("link", { name: "← Back to listings" }).click();
  const recent = page.getByTestId("recent-bulk-job");
  await expect(recent).toContainText("Finished: 5 done, 0 failed, 0 skipped");
  await expect(recent.locator("time")).toHaveCount(1);
});

test("select all, untick a few: the bulk change leaves the unticked listings alone", async ({ page }) => {
  const seller = await newSeller(30);
  const excluded = [seller.listing_ids[2]!, seller.listing_ids[6]!];
  await signIn(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  await page.getByRole("button", { name: "Select all 30 active listings" }).click();
  await expect(page.getByTestId("bulk-selection")).toHaveText("All 30 active listings are selected, on every page.");
  await page.getByRole("checkbox", { name: "Select Test listing 3", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "Select Test listing 7", exact: true }).uncheck();
  await expect(page.getByTestId("bulk-selection")).toHaveText(
    "28 listings selected: all 30 active listings on every page, except 2 you unticked.",
  );
  await expect(pageBox).not.toBeChecked();

  const before = await lastRequestId();
  await page.getByRole("button", { name: "Apply a question…" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply a question to 28 listings" });
  await dialog.getByLabel("Instructions for buyers").fill("Initials");
  await dialog.getByLabel("Character limit for buyers' answers").fill("3");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  const confirm = page.getByRole("dialog", { name: "Apply this question?" });
  await expect(confirm.getByTestId("bulk-change-count")).toHaveText("28 listings of 28 will change.");
  await confirm.getByRole("button", { name: "Apply to 28 listings" }).click();
  await expect(page.getByTestId("bulk-handled")).toHaveText("28 of 28 listings handled", { timeout: 30_000 });

  const writes = (await requestsSince(before)).filter((entry) => entry.method !== "GET");
  expect(writes).toHaveLength(28);
  for (const listingId of excluded) {
    expect(writes.filter((entry) => entry.path.includes(`/listings/${listingId}/`))).toEqual([]);
    expect(await instructionsOf(listingId)).toEqual([]);
  }
  expect(await instructionsOf(seller.listing_ids[0]!)).toEqual(["Initials"]);
});

test("a question without instructions is applied in bulk only after a warning", async ({ page }) => {
  const seller = await newSeller(3);
  await signIn(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  await page.getByRole("button", { name: "Apply a question…" }).click();
  await page
    .getByRole("dialog", { name: "Apply a question to 3 listings" })
    .getByRole("button", { name: "Review the change" })
    .click();
  const confirm = page.getByRole("dialog", { name: "Apply this question?" });
  await expect(confirm.getByTestId("blank-question-warning")).toContainText(
    "This question has no instructions. Buyers of 3 listings will see only “Personalization” and an empty box",
  );
  await expect(confirm.getByRole("button", { name: "Apply to 3 listings" })).toHaveCount(0);
  await expect(confirm.getByRole("button", { name: "Apply without instructions to 3 listings" })).toBeVisible();
});
