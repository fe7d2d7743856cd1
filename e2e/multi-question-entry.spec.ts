import { expect, test, type Page } from "@playwright/test";
import { editorPath, hydrated, signInTo } from "./editor";
import {
  control,
  lastRequestId,
  newSeller,
  putQuestion,
  requestsSince,
  signIn,
  storedListing,
  type TestSeller,
} from "./sandbox-control";

// The multi-question editor (docs/marketplace.md §9.4), with the sandbox in its multi-question period.
test.beforeEach(async () => {
  await control("/phase", { phase: "multi-question" });
});

test.afterEach(async () => {
  await control("/phase", { phase: "migration" });
});

const questionGroup = (page: Page, position: number, type?: string) =>
  page.getByRole("group", { name: new RegExp(`^Question ${position}: ${type ?? ""}`) });
const writesSince = async (id: number) =>
  (await requestsSince(id)).filter((entry) => entry.method !== "GET" && entry.path.endsWith("/personalization"));
const leaveDialog = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });

async function openWithQuestion(page: Page) {
  const seller: TestSeller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: "Name to engrave", required: true, max_allowed_characters: 20 });
  await signIn(page, seller, { from: signInTo(editorPath(listingId)) });
  const save = page.getByRole("button", { name: "Save questions" });
  await hydrated(save);
  return { listingId, save };
}

async function addDropdown(page: Page) {
  await page.getByLabel("Type of the new question").selectOption("dropdown");
  await page.getByRole("button", { name: "Add a question" }).click();
  const dropdown = questionGroup(page, 2, "Dropdown");
  await dropdown.getByLabel("Title").fill("Font");
  return dropdown;
}

test("Enter in a dropdown choice adds the next choice and sends nothing to the marketplace", async ({ page }) => {
  const { listingId } = await openWithQuestion(page);
  const dropdown = await addDropdown(page);
  const before = await lastRequestId();

  await dropdown.getByLabel("Choice 1", { exact: true }).fill("Serif");
  await dropdown.getByLabel("Choice 1", { exact: true }).press("Enter");
  await expect(dropdown.getByLabel("Choice 2", { exact: true })).toBeFocused();
  await page.keyboard.type("Script");
  await page.keyboard.press("Enter");
  await expect(dropdown.getByLabel("Choice 3", { exact: true })).toBeFocused();
  // Enter on an earlier choice moves on to the next one rather than adding another.
  await dropdown.getByLabel("Choice 1", { exact: true }).press("Enter");
  await expect(dropdown.getByLabel("Choice 2", { exact: true })).toBeFocused();
  await expect(dropdown.getByLabel(/^Choice \d+$/)).toHaveCount(3);
  await dropdown.getByLabel("Title").press("Enter");
  await questionGroup(page, 1, "Text").getByLabel("Instructions").press("Enter");

  await expect(dropdown.getByLabel("Choice 2", { exact: true })).toHaveValue("Script");
  expect(await writesSince(before)).toEqual([]);
  expect((await storedListing(listingId)).personalization.personalization_questions).toHaveLength(1);
});

test("a question without instructions asks for confirmation before the set is saved", async ({ page }) => {
  const { listingId, save } = await openWithQuestion(page);
  await questionGroup(page, 1, "Text").getByLabel("Instructions").fill("");
  const before = await lastRequestId();

  await save.click();
  const dialog = page.getByRole("dialog", { name: "Save without instructions?" });
  await dialog.getByRole("button", { name: "Add instructions" }).click();
  await expect(questionGroup(page, 1, "Text").getByLabel("Instructions")).toBeFocused();
  expect(await writesSince(before)).toEqual([]);

  await save.click();
  await dialog.getByRole("button", { name: "Save without instructions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([
    expect.objectContaining({ instructions: null }),
  ]);
});

test("Save and leave in the leave dialog saves the questions, then leaves", async ({ page }) => {
  const { listingId } = await openWithQuestion(page);
  await questionGroup(page, 1, "Text").getByLabel("Instructions").fill("Initials");
  await page.getByRole("link", { name: "← Back to listings" }).click();
  await leaveDialog(page).getByRole("button", { name: "Save and leave" }).click();

  await expect(page).toHaveURL(/\/listings(\?|$)/);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([
    expect.objectContaining({ instructions: "Initials" }),
  ]);
});
