import { expect, test, type Page } from "@playwright/test";
import { addQuestion, draftRestored, editor, editorPath, hydrated, openEditor, saved } from "./editor";
import { E2E } from "./ports";
import {
  allowOnMarketplace,
  control,
  dashboardTokens,
  lastRequestId,
  newSeller,
  putQuestion,
  requestsSince,
  signIn,
  storedListing,
  faultQuestionWrites,
  personalizationPath,
} from "./sandbox-control";

const DRAFT = { instructions: "Initials for the cuff, please", limit: "6" };

async function typeDraft(page: Page) {
  const form = editor(page);
  await form.instructions.fill(DRAFT.instructions);
  await form.limit.fill(DRAFT.limit);
  await form.required.check();
}

async function expectDraftKept(page: Page) {
  const form = editor(page);
  await expect(form.instructions).toHaveValue(DRAFT.instructions);
  await expect(form.limit).toHaveValue(DRAFT.limit);
  await expect(form.required).toBeChecked();
}

/** Saves the form and checks both the page and what the marketplace stored. */
async function saveDraft(page: Page, listingId: number) {
  await editor(page).save.click();
  await expect(saved(page)).toBeVisible();
  await expectDraftStored(listingId);
}

async function expectDraftStored(listingId: number) {
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: DRAFT.instructions, max_allowed_characters: Number(DRAFT.limit), required: true },
  ]);
}

async function sandboxAnswers() {
  return fetch(`${E2E.sandboxUrl}/`).then(
    () => true,
    () => false,
  );
}

test("an access token expired by the marketplace's clock is refreshed without the seller noticing", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const tokensBefore = dashboardTokens(seller.user_id);
  await typeDraft(page);
  await control("/clock", { advance_seconds: 3700 });
  const before = await lastRequestId();

  await editor(page).save.click();
  await expect(saved(page)).toBeVisible();
  await expect(page).toHaveURL(editorPath(listingId));
  await expectDraftStored(listingId);

  const log = await requestsSince(before);
  const grants = log.filter((entry) => entry.grant_type === "refresh_token");
  expect(grants).toHaveLength(1);
  expect(grants[0]).toMatchObject({ status: 200, client_auth: "none" });
  // The save first reads the listing (to keep its previous version in the history): that read meets the expired token.
  const listingCalls = log.filter(
    (entry) =>
      entry.path === personalizationPath(seller, listingId) || entry.path === `/v3/application/listings/${listingId}`,
  );
  expect(listingCalls.map((entry) => `${entry.method} ${entry.status}`)).toEqual(["GET 401", "GET 200", "POST 201"]);
  const tokensAfter = dashboardTokens(seller.user_id);
  expect(tokensAfter?.access_token).not.toBe(tokensBefore?.access_token);
  expect(tokensAfter?.refresh_token).not.toBe(tokensBefore?.refresh_token);
});

test("a revoked grant sends the seller to sign in and back to the editor with the unsaved draft", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await typeDraft(page);
  await control("/revoke", { user_id: seller.user_id });

  await editor(page).save.click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Flistings%2F\d+&reason=expired/);
  await expect(page.getByRole("alert").filter({ hasText: "sign-in has expired" })).toHaveText(
    "Your marketplace sign-in has expired. Sign in again to continue; any unsaved changes will be waiting for you.",
  );
  expect(dashboardTokens(seller.user_id)).toBeUndefined();
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);

  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(draftRestored(page)).toBeVisible();
  await expectDraftKept(page);

  await saveDraft(page, listingId);
});

test("a revoked grant found while loading a page sends the seller to sign in and back to that page", async ({
  page,
}) => {
  const seller = await newSeller(30);
  await signIn(page, seller);
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByText("Showing 26–30 of 30")).toBeVisible();
  await control("/revoke", { user_id: seller.user_id });

  // Turning pages uses the dashboard's short cache; loading the page reads the marketplace and finds the grant gone.
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Flistings%3Fstate%3Dactive%26page%3D2&reason=expired/);
  await expect(page.getByRole("alert").filter({ hasText: "sign-in has expired" })).toContainText(
    "Sign in again to continue",
  );
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(/\/listings\?state=active&page=2/);
  await expect(page.getByText("Showing 26–30 of 30")).toBeVisible();
});

test("429 with a retry-after longer than the client waits says the marketplace is busy, keeps the typed values and saves again by itself", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await typeDraft(page);
  await faultQuestionWrites(seller, listingId, { status: 429, retry_after: 5 });
  const before = await lastRequestId();

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "The marketplace is busy" })).toContainText(
    "Not saved yet. The marketplace is busy and asked us to wait 5 seconds; the dashboard saves again by itself then. Your changes are still here.",
  );
  await expectDraftKept(page);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);

  await expect(saved(page)).toBeVisible({ timeout: 15_000 });
  await expectDraftStored(listingId);
  const posts = (await requestsSince(before)).filter((entry) => entry.method === "POST");
  expect(posts.map((entry) => entry.status)).toEqual([429, 201]);
});

test("429 with a short retry-after is waited out and retried by the server", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await typeDraft(page);
  await faultQuestionWrites(seller, listingId, { status: 429, retry_after: 1 });
  const before = await lastRequestId();

  await saveDraft(page, listingId);
  const posts = (await requestsSince(before)).filter((entry) => entry.method === "POST");
  expect(posts.map((entry) => entry.status)).toEqual([429, 201]);
});

test("500 from the marketplace through the retries says so, keeps the typed values and saves by itself once it answers; removing keeps the question", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await typeDraft(page);
  await faultQuestionWrites(seller, listingId, { status: 500, times: 3 });

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "not answering" })).toHaveText(
    "Not saved yet. The marketplace is not answering; the dashboard checks every few seconds and saves again by itself once it answers. Your changes are still here.",
  );
  await expectDraftKept(page);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);

  await expect(saved(page)).toBeVisible({ timeout: 30_000 });
  await expectDraftStored(listingId);

  await faultQuestionWrites(seller, listingId, { status: 500, times: 3 }, "DELETE");
  await page.getByRole("button", { name: "Remove personalization" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not answering" })).toContainText(
    "so we could not remove personalization",
  );
  await expect(editor(page).stored.getByTestId("stored-personalizable")).toHaveText("Yes");
  await expectDraftStored(listingId);
});

test("the marketplace stopping mid-edit shows a message, keeps the values, and saves them by itself once it is back", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await typeDraft(page);
  await control("/outage", { seconds: 4 });
  await expect.poll(sandboxAnswers).toBe(false);

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "not answering" })).toHaveText(
    "Not saved yet. The marketplace is not answering; the dashboard checks every few seconds and saves again by itself once it answers. Your changes are still here.",
  );
  await expectDraftKept(page);

  await expect.poll(sandboxAnswers, { timeout: 15_000 }).toBe(true);
  // Once it answers, the editor saves what was typed by itself.
  await expect(saved(page)).toBeVisible({ timeout: 60_000 });
  await expectDraftStored(listingId);
});

test("a marketplace slower than the client's time-out gets the time-out message, the values stay, and the landed write is then said saved", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  await typeDraft(page);
  await faultQuestionWrites(seller, listingId, { delay_ms: E2E.timeoutMs + 2000 });

  await editor(page).save.click();
  await expect(page.getByRole("alert").filter({ hasText: "took too long" })).toHaveText(
    "Not confirmed yet. The marketplace took too long to answer; the dashboard is reading the listing back to see whether your changes were saved. They are still here.",
  );
  await expectDraftKept(page);

  // The slow write did land after the dashboard gave up: the editor reads the listing back and says so.
  await expect(saved(page)).toBeVisible({ timeout: 20_000 });
  await expect(editor(page).stored.getByTestId("stored-instructions")).toHaveText(DRAFT.instructions);
  expect((await storedListing(listingId)).personalization.personalization_questions).toHaveLength(1);
});

test("without permission to edit listings the editor is read-only and offers to sign in again", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller, { uncheck: ["listings_w"] });
  const notice = page.getByRole("status").filter({ hasText: "The dashboard lacks the permission" });
  await expect(notice).toContainText(
    "The dashboard lacks the permission “Create and edit your listings”, so this question is read-only: sign in again and allow it.",
  );
  await expect(page.getByRole("button", { name: "Add a question" })).toBeDisabled();
  await expect(editor(page).instructions).toHaveCount(0);

  await notice.getByRole("button", { name: "Sign in again" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(notice).toHaveCount(0);
  await addQuestion(page);
  await typeDraft(page);
  await saveDraft(page, listingId);
});

test("a 403 insufficient_scope from the marketplace offers to sign in again with the missing permission", async ({
  page,
}) => {
  const seller = await newSeller(1);
  await putQuestion(seller, seller.listing_ids[0]!, {
    instructions: "Gift note",
    required: false,
    max_allowed_characters: 200,
  });
  const listingId = await openEditor(page, seller, { uncheck: ["listings_w"] });
  // A form opened before the seller's permissions changed: the fields are enabled, the token cannot write.
  await hydrated(editor(page).save);
  await page.locator("fieldset").evaluate((fieldset) => fieldset.removeAttribute("disabled"));
  await typeDraft(page);
  const before = await lastRequestId();

  await editor(page).save.click();
  const refusal = page.getByRole("alert").filter({ hasText: "did not let the dashboard" });
  await expect(refusal).toContainText(
    "The marketplace did not let the dashboard save the question because it lacks the permission “Create and edit your listings”: sign in again and allow it, and what you typed will still be here.",
  );
  const writes = (await requestsSince(before)).filter((entry) => entry.method === "POST");
  expect(writes.map((entry) => `${entry.path} ${entry.status}`)).toEqual([
    `${personalizationPath(seller, listingId)} 403`,
  ]);
  await expectDraftKept(page);

  await refusal.getByRole("button", { name: "Sign in again and allow editing" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(editorPath(listingId));
  await expectDraftKept(page);
  await saveDraft(page, listingId);
});

test("without permission to read listings the listings page names that permission and offers to sign in again", async ({
  page,
}) => {
  const seller = await newSeller(2);
  await signIn(page, seller, { uncheck: ["listings_r"] });
  const refusal = page.getByRole("alert").filter({ hasText: "did not let the dashboard" });
  await expect(refusal).toContainText(
    "The marketplace did not let the dashboard load this page because it lacks the permission “Read your inactive and expired (non-public) listings”: sign in again and allow it.",
  );

  await refusal.getByRole("button", { name: "Sign in again" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(/\/listings\?state=active&page=1/);
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
});

test("without permission to see the shop the sign-in stops with a message that says which box to keep checked", async ({
  page,
}) => {
  const seller = await newSeller(1);
  await signIn(page, seller, { uncheck: ["shops_r"] });
  await expect(page).toHaveURL(/\/sign-in\?reason=shop-scope/);
  await expect(page.getByRole("alert").filter({ hasText: "permission to see your shop" })).toContainText(
    "Sign in again and keep “See your shop's description, messages and sections, even if not public” checked.",
  );
  expect(await (await page.request.get("/api/auth/session")).json()).toBeNull();
  expect(dashboardTokens(seller.user_id)).toBeUndefined();

  await signIn(page, seller);
  await expect(page.getByRole("heading", { name: `Welcome, TestShop${seller.user_id}` })).toBeVisible();
});

test("a listings page the marketplace fails or is too slow for, before the shop is copied, says what happened in one sentence and loads again afterwards", async ({
  page,
}) => {
  const seller = await newSeller(2);
  const listingsPath = `/v3/application/shops/${seller.shop_id}/listings`;
  // Failing from the sign-in on, so the dashboard holds no copy of the shop to show instead.
  await control("/faults", { method: "GET", path: listingsPath, status: 500, times: 1000 });
  try {
    await signIn(page, seller);
    await expect(page.getByRole("alert").filter({ hasText: "not answering" })).toHaveText(
      "The marketplace is not answering right now (error 500), so we could not read your listings: try again in a minute.",
    );
    await control("/faults", undefined, "DELETE");
    await control("/faults", { method: "GET", path: listingsPath, delay_ms: E2E.timeoutMs + 1000, times: 1000 });
    await page.reload();
    await expect(page.getByRole("alert").filter({ hasText: "took too long" })).toHaveText(
      "The marketplace took too long to answer, so we could not read your listings: try again in a moment.",
    );
  } finally {
    await control("/faults", undefined, "DELETE");
  }

  await page.reload();
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
});
