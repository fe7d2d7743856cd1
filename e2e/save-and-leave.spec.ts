import { expect, test, type Page } from "@playwright/test";
import { editor, hydrated, openEditor } from "./editor";
import { lastRequestId, newSeller, requestsSince, storedListing, faultQuestionWrites } from "./sandbox-control";

const leaveDialog = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });

test("Save and leave saves the question, then follows the link", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await hydrated(editor(page).save);
  await editor(page).instructions.fill("Name to engrave");

  await page.getByRole("link", { name: "← Back to listings" }).click();
  await leaveDialog(page).getByRole("button", { name: "Save and leave" }).click();
  await expect(page).toHaveURL(/\/listings(\?|$)/);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([
    expect.objectContaining({ instructions: "Name to engrave" }),
  ]);
});

test("Save and leave stays on the page with the typed values when the save fails", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await hydrated(editor(page).save);
  await editor(page).instructions.fill("Name to engrave");
  await faultQuestionWrites(seller, listingId, { status: 400 });
  const before = await lastRequestId();

  await page.getByRole("link", { name: "← Back to listings" }).click();
  await leaveDialog(page).getByRole("button", { name: "Save and leave" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved." })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/listings/${listingId}$`));
  await expect(editor(page).instructions).toHaveValue("Name to engrave");
  expect((await requestsSince(before)).filter((entry) => entry.method === "POST").map((e) => e.status)).toEqual([400]);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
});
