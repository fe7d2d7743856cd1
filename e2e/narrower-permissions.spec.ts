import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { draftRestored, editor, editorPath, openEditor, openQuestionSet, questionGroup, saved } from "./editor";
import { E2E } from "./ports";
import {
  allowOnMarketplace,
  control,
  inPhase,
  lastRequestId,
  newSeller,
  putQuestion,
  requestsSince,
  storedListing,
  type TestSeller,
} from "./sandbox-control";

// docs/marketplace.md §15: since 2026-08-12 a refresh may answer with fewer scopes than the grant had. The sandbox
// narrows the seller's grant, its clock expires the access token, and the dashboard's next call refreshes.
const MISSING_EDIT =
  "because it lacks the permission “Create and edit your listings”: sign in again and allow it, and what you typed will still be here.";
const TYPED = "Initials for the cuff, please";

async function narrowAtNextRefresh(seller: TestSeller, withdraw: string[]) {
  await control("/narrow-scopes", { user_id: seller.user_id, withdraw });
  await control("/clock", { advance_seconds: 3700 });
}

/** The scopes the dashboard stored for the seller with its tokens. */
function storedScopes(userId: number) {
  const db = new Database(E2E.dashboardDb, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT scopes FROM seller_tokens WHERE user_id = ?").get(userId) as
      { scopes: string } | undefined;
    return row?.scopes.split(" ");
  } finally {
    db.close();
  }
}

const personalizationWrites = async (since: number) =>
  (await requestsSince(since))
    .filter((entry) => entry.method === "POST" && entry.path.endsWith("/personalization"))
    .map((entry) => entry.status);

async function signInAgainKeepingTyped(page: Page, seller: TestSeller, listingId: number) {
  const refusal = page.getByRole("alert").filter({ hasText: "lacks the permission" });
  await refusal.getByRole("button", { name: "Sign in again and allow editing" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(draftRestored(page)).toBeVisible();
}

test("a refresh that comes back without a scope the dashboard does not need changes nothing for the seller", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await editor(page).instructions.fill(TYPED);
  await narrowAtNextRefresh(seller, ["shops_r"]);
  const before = await lastRequestId();

  await editor(page).save.click();
  await expect(saved(page)).toBeVisible();
  const refreshes = (await requestsSince(before)).filter((entry) => entry.grant_type === "refresh_token");
  expect(refreshes.map((entry) => entry.status)).toEqual([200]);
  expect(storedScopes(seller.user_id)).toEqual(["listings_r", "listings_w", "transactions_r", "transactions_w"]);
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: TYPED },
  ]);

  await page.reload();
  await expect(editor(page).instructions).toHaveValue(TYPED);
  await expect(editor(page).instructions).toBeEnabled();
  await expect(page.getByText("read-only")).toHaveCount(0);
  await page.goto("/listings");
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
});

test("with listings_w withdrawn at a refresh, the editor names the missing permission and keeps what was typed through a new sign-in", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await editor(page).instructions.fill(TYPED);
  await editor(page).limit.fill("12");
  await narrowAtNextRefresh(seller, ["listings_w"]);
  const before = await lastRequestId();

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "lacks the permission" })).toContainText(
    `The marketplace did not let the dashboard save the question ${MISSING_EDIT}`,
  );
  expect(await personalizationWrites(before)).toEqual([403]);
  expect(storedScopes(seller.user_id)).toEqual(["listings_r", "shops_r", "transactions_r", "transactions_w"]);
  await expect(editor(page).instructions).toHaveValue(TYPED);

  await signInAgainKeepingTyped(page, seller, listingId);
  await expect(editor(page).instructions).toHaveValue(TYPED);
  await expect(editor(page).limit).toHaveValue("12");
  await editor(page).save.click();
  await expect(saved(page)).toBeVisible();
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: TYPED, max_allowed_characters: 12 },
  ]);
});

test.describe("in today's multi-question editor", () => {
  inPhase("webhooks");

  test("with listings_w withdrawn at a refresh, the seller is told why and signs in again without losing the questions typed", async ({
    page,
  }) => {
    const seller = await newSeller(1);
    const [listingId] = seller.listing_ids as [number];
    await putQuestion(seller, listingId, {
      instructions: "Name to engrave",
      required: true,
      max_allowed_characters: 20,
    });
    const save = await openQuestionSet(page, seller, listingId);
    const instructions = questionGroup(page, 1, "Text").getByLabel("Instructions");
    await instructions.fill(TYPED);
    await narrowAtNextRefresh(seller, ["listings_w"]);
    const before = await lastRequestId();

    await save.click();
    await expect(page.getByRole("alert").filter({ hasText: "lacks the permission" })).toContainText(MISSING_EDIT);
    expect(await personalizationWrites(before)).toEqual([403]);
    // The dashboard now holds the narrower grant: the listing opened anew is read-only and says why.
    const other = await page.context().newPage();
    await other.goto(editorPath(listingId));
    await expect(other.getByRole("status").filter({ hasText: "lacks the permission" })).toContainText(
      "The dashboard lacks the permission “Create and edit your listings”, so these questions are read-only: sign in again and allow it.",
    );
    await other.close();

    await signInAgainKeepingTyped(page, seller, listingId);
    await expect(instructions).toHaveValue(TYPED);
    await page.getByRole("button", { name: "Save questions" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
      { instructions: TYPED },
    ]);
  });
});
