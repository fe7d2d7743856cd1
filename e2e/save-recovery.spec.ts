import { expect, test, type Page } from "@playwright/test";
import { editor, editorPath, hydrated, openEditor, signInTo, saved } from "./editor";
import { E2E } from "./ports";
import {
  control,
  lastRequestId,
  newSeller,
  putQuestion,
  requestsSince,
  signIn,
  storedListing,
  type TestSeller,
  sandboxAnswers,
  faultQuestionWrites,
  type Fault,
} from "./sandbox-control";

const postsSince = async (id: number) =>
  (await requestsSince(id))
    .filter((entry) => entry.method === "POST" && entry.path.endsWith("/personalization"))
    .map((entry) => entry.status);
const storedQuestions = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions;

async function typedSave(page: Page, seller: TestSeller) {
  const listingId = await openEditor(page, seller);
  await hydrated(editor(page).save);
  await editor(page).instructions.fill("Name to engrave");
  return listingId;
}

/** The seller's save, refused by `fault`, until the editor says it saves again by itself; returns the listing. */
async function savedLater(page: Page, fault: Fault) {
  const seller = await newSeller(1);
  const listingId = await typedSave(page, seller);
  await faultQuestionWrites(seller, listingId, fault);
  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved yet." })).toBeVisible();
  return listingId;
}

test("a single 503 on a save is retried by itself, and the listing holds the save once", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await typedSave(page, seller);
  await faultQuestionWrites(seller, listingId, { status: 503, times: 1 });
  const before = await lastRequestId();

  await editor(page).save.click();
  await expect(saved(page)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toHaveCount(0);
  expect(await postsSince(before)).toEqual([503, 201]);
  expect(await storedQuestions(listingId)).toEqual([
    expect.objectContaining({ instructions: "Name to engrave", max_allowed_characters: 100, required: false }),
  ]);
});

test("a 5xx that lasts says Not saved yet, keeps the typed values, and saves again by itself once the marketplace takes the write", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await typedSave(page, seller);
  await faultQuestionWrites(seller, listingId, { status: 503, times: 5 });
  const before = await lastRequestId();

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved yet." })).toContainText(
    "The marketplace is not answering; the dashboard checks every few seconds and saves again by itself once it answers.",
  );
  await expect(editor(page).instructions).toHaveValue("Name to engrave");
  await expect(saved(page)).toBeVisible({ timeout: 30_000 });
  expect(await postsSince(before)).toEqual([503, 503, 503, 503, 503, 201]);
  expect(await storedQuestions(listingId)).toEqual([expect.objectContaining({ instructions: "Name to engrave" })]);
});

test("while the dashboard saves again by itself the form stays the seller's: what they type since stays in it, unsaved", async ({
  page,
}) => {
  const listingId = await savedLater(page, { status: 503, times: 4 });
  await editor(page).instructions.fill("Name to engrave, in capitals");
  await page.getByRole("button", { name: "Templates" }).click();
  await expect(page.getByRole("dialog", { name: "Question templates" })).toBeVisible();
  await page.getByRole("dialog", { name: "Question templates" }).getByRole("button", { name: "Close" }).click();

  await expect(saved(page)).toBeVisible({ timeout: 30_000 });
  expect(await storedQuestions(listingId)).toEqual([expect.objectContaining({ instructions: "Name to engrave" })]);
  await expect(editor(page).stored.getByTestId("stored-instructions")).toHaveText("Name to engrave");
  await expect(editor(page).instructions).toHaveValue("Name to engrave, in capitals");
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
});

test("a Save pressed while the dashboard saves again by itself waits on it, then saves what the form holds", async ({
  page,
}) => {
  // Each refusal comes slowly, so the seller can press Save while a re-save is on its way.
  const listingId = await savedLater(page, { status: 503, delay_ms: 2000, times: 6 });
  const resaving = page.getByRole("button", { name: "Saving…" });
  await expect(resaving).toBeVisible({ timeout: 15_000 });
  await editor(page).instructions.fill("Name to engrave, in capitals");
  await resaving.click();

  await expect
    .poll(async () => (await storedQuestions(listingId)).map((question) => question.instructions), { timeout: 30_000 })
    .toEqual(["Name to engrave, in capitals"]);
  await expect(editor(page).stored.getByTestId("stored-instructions")).toHaveText("Name to engrave, in capitals");
  await expect(page.getByText("You have unsaved changes.")).toHaveCount(0);
});

test("a save during an outage is tried again by itself once the marketplace answers, and the listing holds it once", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const seller = await newSeller(1);
  const listingId = await typedSave(page, seller);
  const before = await lastRequestId();
  await control("/outage", { seconds: 5 });
  await expect.poll(sandboxAnswers).toBe(false);

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved yet." })).toContainText(
    "saves again by itself once it answers",
  );
  await expect(editor(page).instructions).toHaveValue("Name to engrave");
  await expect(saved(page)).toBeVisible({ timeout: 100_000 });
  expect(await postsSince(before)).toEqual([201]);
  expect(await storedQuestions(listingId)).toEqual([expect.objectContaining({ instructions: "Name to engrave" })]);
});

test("a time-out whose write landed says Saved by itself, without a reload", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
  await signIn(page, seller, { from: signInTo(editorPath(listingId)) });
  await hydrated(editor(page).save);
  await editor(page).instructions.fill("Name to engrave");
  await faultQuestionWrites(seller, listingId, { delay_ms: E2E.timeoutMs + 2000 });
  const before = await lastRequestId();

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Not confirmed yet." })).toBeVisible();
  await expect(saved(page)).toBeVisible({ timeout: 20_000 });
  await expect(editor(page).stored.getByTestId("stored-instructions")).toHaveText("Name to engrave");
  await expect(page.getByRole("region", { name: "History" }).getByTestId("history-entry").first()).toHaveAttribute(
    "data-outcome",
    "done",
  );
  expect(await postsSince(before)).toEqual([201]);
  expect((await storedQuestions(listingId)).map((question) => question.instructions)).toEqual(["Name to engrave"]);
});

test("a 429 on a save counts down and saves again by itself", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await typedSave(page, seller);
  await faultQuestionWrites(seller, listingId, { status: 429, retry_after: 4, times: 1 });
  const before = await lastRequestId();

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved yet." })).toContainText(
    "The marketplace is busy and asked us to wait 4 seconds; the dashboard saves again by itself then.",
  );
  await expect(page.getByTestId("recovery-countdown")).toHaveText(/^Trying again in [1-4] seconds?\.$/);
  expect(await storedQuestions(listingId)).toEqual([]);

  await expect(saved(page)).toBeVisible({ timeout: 15_000 });
  expect(await postsSince(before)).toEqual([429, 201]);
  expect((await storedQuestions(listingId)).map((question) => question.instructions)).toEqual(["Name to engrave"]);
});
