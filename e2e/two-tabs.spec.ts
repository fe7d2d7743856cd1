import { expect, test, type Page } from "@playwright/test";
import { editor, editorPath, hydrated, openEditor, saved } from "./editor";
import {
  lastRequestId,
  newSeller,
  putQuestion,
  requestsSince,
  shopManagerEdit,
  storedListing,
} from "./sandbox-control";

const changedDialog = (page: Page) => page.getByRole("dialog", { name: "This listing changed since you opened it" });
const storedInstructions = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions.map((question) => question.instructions);
const writesSince = async (id: number) =>
  (await requestsSince(id)).filter((entry) => entry.method !== "GET" && entry.path.endsWith("/personalization"));

async function sellerWithQuestion() {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
  return { seller, listingId };
}

async function secondTab(page: Page, listingId: number) {
  const other = await page.context().newPage();
  await other.goto(editorPath(listingId));
  await hydrated(editor(other).save);
  return other;
}

/** The listing open in two tabs; the first saves, then the second saves what its seller typed. */
async function saveInBothTabs(page: Page) {
  const { seller, listingId } = await sellerWithQuestion();
  await openEditor(page, seller);
  await hydrated(editor(page).save);
  const other = await secondTab(page, listingId);
  await editor(page).instructions.fill("Name to engrave");
  await editor(page).save.click();
  await expect(saved(page)).toBeVisible();

  await editor(other).instructions.fill("Initials, please");
  const before = await lastRequestId();
  await editor(other).save.click();
  return { listingId, other, before };
}

test("two tabs editing one listing: the second save stops, shows both versions, and writes only once the seller keeps theirs", async ({
  page,
}) => {
  const { listingId, other, before } = await saveInBothTabs(page);
  const dialog = changedDialog(other);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("changed-since-mine")).toContainText("“Initials, please”");
  await expect(dialog.getByTestId("changed-since-theirs")).toContainText("“Name to engrave”");
  expect(await writesSince(before)).toEqual([]);
  expect(await storedInstructions(listingId)).toEqual(["Name to engrave"]);
  await expect(saved(other)).toHaveCount(0);

  await dialog.getByRole("button", { name: "Keep mine and save it" }).click();
  await expect(saved(other)).toBeVisible();
  expect(await storedInstructions(listingId)).toEqual(["Initials, please"]);
  expect((await writesSince(before)).map((entry) => [entry.method, entry.status])).toEqual([["POST", 201]]);
});

test("taking the marketplace's version puts it in the form and writes nothing", async ({ page }) => {
  const { listingId, other, before } = await saveInBothTabs(page);
  await changedDialog(other).getByRole("button", { name: "Take the marketplace’s" }).click();
  await expect(changedDialog(other)).toHaveCount(0);
  await expect(editor(other).instructions).toHaveValue("Name to engrave");
  await expect(editor(other).stored.getByTestId("stored-instructions")).toHaveText("Name to engrave");
  expect(await writesSince(before)).toEqual([]);
  expect(await storedInstructions(listingId)).toEqual(["Name to engrave"]);
});

test("a listing changed in Shop Manager after the editor loaded it is not overwritten, and the typed values stay", async ({
  page,
}) => {
  const { seller, listingId } = await sellerWithQuestion();
  await openEditor(page, seller);
  await hydrated(editor(page).save);
  await editor(page).instructions.fill("Name to engrave");
  await shopManagerEdit(listingId, "Set in Shop Manager");

  const before = await lastRequestId();
  await editor(page).save.click();
  const dialog = changedDialog(page);
  await expect(dialog.getByTestId("changed-since-theirs")).toContainText("“Set in Shop Manager”, required");
  await dialog.getByRole("button", { name: "Keep editing" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor(page).instructions).toHaveValue("Name to engrave");
  expect(await writesSince(before)).toEqual([]);
  expect(await storedInstructions(listingId)).toEqual(["Set in Shop Manager"]);
});

test("putting back a version over a listing changed since the history was shown asks first", async ({ page }) => {
  const { seller, listingId } = await sellerWithQuestion();
  await openEditor(page, seller);
  await hydrated(editor(page).save);
  await editor(page).instructions.fill("Name to engrave");
  await editor(page).save.click();
  await expect(saved(page)).toBeVisible();
  await shopManagerEdit(listingId, "Set in Shop Manager");

  const before = await lastRequestId();
  const history = page.getByRole("region", { name: "History" });
  await history.getByRole("button", { name: "Put back: “Gift note”" }).first().click();
  const dialog = changedDialog(page);
  await expect(dialog.getByTestId("changed-since-mine")).toContainText("“Gift note”");
  await expect(dialog.getByTestId("changed-since-theirs")).toContainText("“Set in Shop Manager”");
  expect(await writesSince(before)).toEqual([]);
  expect(await storedInstructions(listingId)).toEqual(["Set in Shop Manager"]);

  await dialog.getByRole("button", { name: "Put back anyway" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Put back." })).toBeVisible();
  expect(await storedInstructions(listingId)).toEqual(["Gift note"]);
  expect((await writesSince(before)).map((entry) => entry.method)).toEqual(["POST"]);
});
