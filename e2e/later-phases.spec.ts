import { expect, test } from "@playwright/test";
import { FONT_QUESTION, NAME_QUESTION, PHOTO_QUESTION } from "../test/harness/wire-questions";
import { applyChange, openChange, QUESTION_SET } from "./changes";
import { editor, editorPath, hydrated, signInTo } from "./editor";
import {
  type TestSeller,
  marketplaceCall,
  marketplaceToken,
  newSeller,
  putQuestion,
  setPhase,
  signIn,
  storedListing,
} from "./sandbox-control";

// docs/marketplace.md §9: the same dashboard against the marketplace's later periods (the sandbox's --phase).

test.afterEach(async () => {
  await setPhase("migration");
});

const SEVERAL = [NAME_QUESTION, FONT_QUESTION, PHOTO_QUESTION];

/** Another client of the marketplace (its own site, say) gives the listing several questions. */
async function putSeveralQuestions(seller: TestSeller, listingId: number) {
  const token = await marketplaceToken(seller.user_id);
  const path = `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization?supports_multiple_personalization_questions=true`;
  await marketplaceCall(token, "POST", path, { json: { personalization_questions: SEVERAL } });
}

const storedTitles = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions.map((question) => question.question_text);

test("after the legacy fields are gone, the dashboard takes the marketplace for today's, and its save of one text question goes through", async ({
  page,
}) => {
  await setPhase("post-deprecation");
  const seller = await newSeller(2);
  const [listingId] = seller.listing_ids as [number];
  await putQuestion(seller, listingId, { instructions: "Name to engrave", required: true, max_allowed_characters: 20 });
  const token = await marketplaceToken(seller.user_id);
  const read = (await (await marketplaceCall(token, "GET", `/v3/application/listings/${listingId}`)).json()) as Record<
    string,
    unknown
  >;
  expect(Object.keys(read)).not.toContain("personalization_instructions");

  await signIn(page, seller);
  const row = page.getByRole("row").filter({ hasText: "Test listing 1" });
  await expect(row).toBeVisible();
  await expect(page.getByText(/legacy personalization fields/)).toHaveCount(0);

  // No live read says which period it is, and without the legacy fields this one looks like today's
  // (lib/personalization/phase-probe.ts): the multi-question editor, whose one text question this period takes.
  await row.getByRole("link", { name: "Test listing 1", exact: true }).click();
  const save = page.getByRole("button", { name: "Save questions" });
  await hydrated(save);
  await page
    .getByRole("group", { name: /^Question 1: Text/ })
    .getByLabel("Instructions")
    .fill("Name for the tag");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const stored = await storedListing(listingId);
  expect(stored.personalization.personalization_questions).toMatchObject([
    { instructions: "Name for the tag", required: true, max_allowed_characters: 20 },
  ]);
});

test("outside the multi-question period a listing with several questions is read-only, explains why, and a bulk change leaves it as it is", async ({
  page,
}) => {
  await setPhase("multi-question");
  const seller = await newSeller(3);
  const [several, plain] = seller.listing_ids as [number, number];
  await putSeveralQuestions(seller, several);
  // Back in the migration period the dashboard edits one text question (in the multi-question period: multi-question-editor.spec.ts).
  await setPhase("migration");

  await signIn(page, seller);
  const row = page.getByRole("row").filter({ hasText: "Test listing 1" });
  await expect(row.getByRole("cell").nth(1)).toContainText("3 questions");
  await expect(row.getByRole("cell").nth(1)).toContainText("Read-only here");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2 of 3 required");

  await row.getByRole("link", { name: "Test listing 1", exact: true }).click();
  const why = page.getByRole("status", { name: "Why this listing is read-only" });
  await expect(why).toContainText("This listing asks buyers 3 questions.");
  await expect(why).toContainText("saving here would delete what buyers are asked now");
  await expect(page.getByRole("button", { name: "Save question" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Remove personalization/ })).toHaveCount(0);
  await expect(page.getByTestId("stored-title")).toHaveText(["Name (Text)", "Font (Dropdown)", "Photo (File upload)"]);
  await expect(page.getByTestId("stored-question")).toContainText("Serif, Script");

  await page.goto("/listings");
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  const dialog = await openChange(page, 3, QUESTION_SET);
  await dialog.getByLabel("Instructions for buyers").fill("Gift note");
  await dialog.getByLabel("Character limit for buyers' answers").fill("100");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "2 listings change, 1 listing skipped, 0 already as asked.",
  );
  await page.getByRole("radio", { name: "Skipped (1)" }).click();
  await expect(page.getByRole("article", { name: "Test listing 1", exact: true })).toContainText(
    "3 questions that this dashboard cannot show",
  );
  await applyChange(page, 2);
  expect(await storedTitles(several)).toEqual(["Name", "Font", "Photo"]);
  expect((await storedListing(plain)).personalization.personalization_questions).toMatchObject([
    { question_text: "Personalization", instructions: "Gift note", max_allowed_characters: 100 },
  ]);
});

test("a single-question save that meets questions added elsewhere meanwhile is refused, keeps the typed values and deletes nothing", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  await putQuestion(seller, listingId, { instructions: "Gift note", required: false, max_allowed_characters: 100 });
  await signIn(page, seller, { from: signInTo(editorPath(listingId)) });
  const form = editor(page);
  await hydrated(form.save);
  await form.instructions.fill("Name to engrave");
  await form.limit.fill("30");

  // The marketplace enters its multi-question period while the single-question editor is open, and another client adds questions.
  await setPhase("multi-question");
  await putSeveralQuestions(seller, listingId);
  await form.save.click();
  // The listing changed since the editor loaded it: nothing is written until the seller chooses, and keeping theirs
  // meets the questions this editor cannot show.
  const changed = page.getByRole("dialog", { name: "This listing changed since you opened it" });
  await expect(changed.getByTestId("changed-since-theirs")).toContainText("Font");
  await changed.getByRole("button", { name: "Keep mine and save it" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot show" })).toContainText(
    "3 questions that this dashboard cannot show",
  );
  await expect(form.instructions).toHaveValue("Name to engrave");
  await expect(form.limit).toHaveValue("30");
  expect(await storedTitles(listingId)).toEqual(["Name", "Font", "Photo"]);
});
