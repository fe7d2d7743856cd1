import { expect, test } from "@playwright/test";
import { sellerVoice } from "../lib/personalization/question-set";
import { applyChange, openChange, QUESTION_SET, undoChange } from "./changes";
import { hydrated, openQuestionSet, questionGroup } from "./editor";
import {
  inPhase,
  inShopManager,
  lastRequestId,
  marketplaceCall,
  marketplaceToken,
  newSeller,
  putQuestion,
  requestsSince,
  setPhase,
  signIn,
  storedListing,
} from "./sandbox-control";

// docs/marketplace.md §13: several questions, instructions of at most 120 characters, and add-on
// prices that every write re-sending their question must carry (the sandbox's add-on-resend period).
inPhase("add-on-resend");

type Money = { amount: number; divisor: number; currency_code: string };
type StoredQuestion = {
  question_id: number;
  question_type: string;
  question_text: string;
  instructions: string | null;
  required: boolean;
  max_allowed_characters: number | null;
  options: { option_id: number; label: string }[] | null;
  add_on_price: Money | null;
};

const storedSet = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions as unknown as StoredQuestion[];

const usd = (amount: number): Money => ({ amount, divisor: 100, currency_code: "USD" });
const priceOf = (question: StoredQuestion | undefined) =>
  question?.add_on_price ? question.add_on_price.amount / question.add_on_price.divisor : 0;

const GIFT_NOTE = {
  question_type: "text_input",
  question_text: "Gift note",
  instructions: "A note for the card",
  required: false,
  max_allowed_characters: 60,
};
const FONT = {
  question_type: "dropdown",
  question_text: "Font",
  required: true,
  options: [{ label: "Serif" }, { label: "Script" }],
};

const postsSince = async (id: number) => (await requestsSince(id)).filter((entry) => entry.method === "POST");

test("a price set in Shop Manager stays when the seller edits only the instructions, and the seller sets prices in the shop's currency", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  await inShopManager(listingId, [{ ...GIFT_NOTE, add_on_price: 3.75 }, FONT]);
  const [, font] = await storedSet(listingId);

  const save = await openQuestionSet(page, seller, listingId);
  const note = questionGroup(page, 1, "Text");
  await expect(note.getByLabel("Add-on price (USD)")).toHaveValue("3.75");
  await note.getByLabel("Instructions").fill("A short note for the card");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect(await storedSet(listingId)).toEqual([
    expect.objectContaining({ instructions: "A short note for the card", add_on_price: usd(375) }),
    expect.objectContaining({ question_text: "Font", options: font?.options }),
  ]);

  await note.getByLabel("Add-on price (USD)").fill("4.5");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect.poll(async () => (await storedSet(listingId))[0]?.add_on_price).toEqual(usd(450));

  // Only optional questions may cost extra: refused next to the price, before any request.
  const before = await lastRequestId();
  await note.getByLabel("Buyers must answer (required)").check();
  await save.click();
  await expect(note.getByRole("alert").filter({ hasText: sellerVoice.priceOnlyOptionalText })).toBeVisible();
  expect(await postsSince(before)).toEqual([]);
});

test("the add-on price shows wherever the question does: the listings table, on the marketplace now, the buyer preview, and the history", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  await inShopManager(listingId, [{ ...GIFT_NOTE, add_on_price: 3.75 }, FONT]);

  await signIn(page, seller);
  await expect(page).toHaveURL(/\/listings/);
  await expect(page.getByTestId("listing-price").filter({ visible: true })).toHaveText("Add-on price +$3.75");

  await page.goto(`/listings/${listingId}`);
  const save = page.getByRole("button", { name: "Save questions" });
  await hydrated(save);
  await expect(page.getByTestId("stored-question").getByTestId("stored-price")).toHaveText("+$3.75");
  const preview = page.getByTestId("question-set-preview");
  await expect(preview.getByTestId("preview-price")).toHaveText("+$3.75");
  const note = questionGroup(page, 1, "Text");
  await note.getByLabel("Add-on price (USD)").fill("4.5");
  await expect(preview.getByTestId("preview-price")).toHaveText("+$4.50");
  // A required question charges nothing, so the buyer sees no price.
  await note.getByLabel("Buyers must answer (required)").check();
  await expect(preview.getByTestId("preview-price")).toHaveCount(0);
  await note.getByLabel("Buyers must answer (required)").uncheck();

  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByTestId("stored-question").getByTestId("stored-price")).toHaveText("+$4.50");
  const entry = page.getByRole("region", { name: "History" }).getByTestId("history-entry").first();
  await expect(entry.getByTestId("history-version")).toContainText("2 questions: “Gift note” (+$4.50), “Font”");
  await expect(entry.getByTestId("question-change")).toHaveText(["“Gift note” (Text)Add-on price: $3.75 → $4.50"]);
});

test("instructions of 121 characters are refused in the browser with the rule, and no request is made", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  await inShopManager(listingId, [GIFT_NOTE]);
  const save = await openQuestionSet(page, seller, listingId);
  const note = questionGroup(page, 1, "Text");
  const before = await lastRequestId();
  await note.getByLabel("Instructions").fill(`A${"b".repeat(120)}`);
  await save.click();
  await expect(note.getByRole("alert").filter({ hasText: sellerVoice.instructionsLength })).toBeVisible();
  await expect(note.getByLabel("Instructions")).toHaveAttribute("aria-invalid", "true");
  expect(await postsSince(before)).toEqual([]);
  expect((await storedSet(listingId))[0]?.instructions).toBe(GIFT_NOTE.instructions);
});

test("instructions stored over today's limit are shown whole, named with the fix, and saved once the seller shortens them", async ({
  page,
}) => {
  await setPhase("migration");
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  const long = `Write${" the name".repeat(24)}.`;
  await putQuestion(seller, listingId, { instructions: long, required: false, max_allowed_characters: 40 });
  await setPhase("add-on-resend");

  const save = await openQuestionSet(page, seller, listingId);
  const note = questionGroup(page, 1, "Text");
  await expect(
    page.getByRole("status").filter({ hasText: "Instructions too long for the marketplace now" }),
  ).toContainText(`has instructions of ${long.length} characters`);
  await expect(note.getByLabel("Instructions")).toHaveValue(long);
  await expect(note.getByRole("alert").filter({ hasText: sellerVoice.instructionsLength })).toBeVisible();
  await note.getByLabel("Instructions").fill("Write the name");
  await expect(note.getByRole("alert").filter({ hasText: sellerVoice.instructionsLength })).toHaveCount(0);
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect((await storedSet(listingId))[0]?.instructions).toBe("Write the name");
});

const BO = { user_id: 50002, shop_id: 70002, email: "bo@example.com", password: "bo-sandbox-2" };

/** Bo's active listings with a question, as the marketplace returns them. */
async function boListingsWithQuestions() {
  const token = await marketplaceToken(BO.user_id);
  const found: { listing_id: number; question: StoredQuestion }[] = [];
  for (const offset of [0, 100, 200]) {
    const page = (await (
      await marketplaceCall(
        token,
        "GET",
        `/v3/application/shops/${BO.shop_id}/listings?state=active&limit=100&offset=${offset}&includes=personalization`,
      )
    ).json()) as {
      results: { listing_id: number; personalization?: { personalization_questions: StoredQuestion[] } }[];
    };
    for (const listing of page.results) {
      const [question] = listing.personalization?.personalization_questions ?? [];
      if (question) found.push({ listing_id: listing.listing_id, question });
    }
  }
  return found;
}

test("a question set applied to 50 of bo's listings keeps each listing's own add-on price, and so does its undo", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const priced = await boListingsWithQuestions();
  expect(priced.length).toBeGreaterThan(40);
  // A different price on each listing with a question, set in Shop Manager.
  const prices = new Map(priced.map(({ listing_id }, index) => [listing_id, 1 + index * 0.25]));
  for (const { listing_id, question } of priced) {
    const { question_type, question_text, instructions, max_allowed_characters } = question;
    await inShopManager(listing_id, [
      {
        question_type,
        question_text,
        instructions,
        max_allowed_characters,
        required: false,
        add_on_price: prices.get(listing_id),
      },
    ]);
  }
  const before = new Map(
    await Promise.all(priced.map(async ({ listing_id }) => [listing_id, (await storedSet(listing_id))[0]] as const)),
  );

  await signIn(page, BO);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText("Showing 26–50 of 240")).toBeVisible();
  await expect(pageBox).not.toBeChecked();
  await pageBox.check();
  await expect(page.getByTestId("bulk-selection")).toHaveText(/^50 listings selected\./);

  const dialog = await openChange(page, 50, QUESTION_SET);
  const text = dialog.getByRole("group", { name: /^Question 1: Text/ });
  await text.getByLabel("Instructions").fill("Initials to engrave");
  await text.getByLabel("Character limit").fill("3");
  await expect(text.getByLabel(/^Add-on price/)).toHaveValue("");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  const changes = Number(
    /^Apply (\d+) changes?$/.exec(
      (await page.getByRole("button", { name: /^Apply \d+ change/ }).textContent()) ?? "",
    )?.[1],
  );
  await applyChange(page, changes, 60_000);

  const applied = new Map(
    await Promise.all(priced.map(async ({ listing_id }) => [listing_id, (await storedSet(listing_id))[0]] as const)),
  );
  const changed = priced.filter(({ listing_id }) => applied.get(listing_id)?.instructions === "Initials to engrave");
  expect(changed.length).toBeGreaterThan(5);
  for (const { listing_id } of priced) expect(priceOf(applied.get(listing_id))).toBe(prices.get(listing_id));

  await undoChange(page, "Replace every question with 1 new one", changes, 60_000);
  for (const { listing_id } of priced) {
    const question = (await storedSet(listing_id))[0];
    expect(priceOf(question)).toBe(prices.get(listing_id));
    expect(question?.instructions).toBe(before.get(listing_id)?.instructions);
  }
});

test("a question set over listings that already ask something leads with what they lose, and each added question shows every field", async ({
  page,
}) => {
  const seller = await newSeller(3);
  const [priced, font, empty] = seller.listing_ids as [number, number, number];
  await inShopManager(priced, [{ ...GIFT_NOTE, add_on_price: 5 }]);
  await inShopManager(font, [FONT]);

  await signIn(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  const dialog = await openChange(page, 3, QUESTION_SET);
  const text = dialog.getByRole("group", { name: /^Question 1: Text/ });
  await text.getByLabel("Title").fill("Name");
  await text.getByLabel("Instructions").fill("Name to engrave");
  await text.getByLabel("Character limit").fill("20");
  await text.getByLabel(/^Add-on price/).fill("2.5");
  await dialog.getByRole("button", { name: "Review the change" }).click();

  await expect(page.getByTestId("plan-losses")).toHaveText(
    "2 listings already ask something; Replace removes it, one with a $5.00 price. Each listing below shows what it loses.",
  );
  const added = "Added: “Name” (Text)Instructions: “Name to engrave”Character limit: 20Required: NoAdd-on price: $2.50";
  const article = (title: string) => page.getByRole("article", { name: title, exact: true });
  await expect(article("Test listing 3").getByTestId("question-change")).toHaveText([added]);
  await expect(article("Test listing 1").getByTestId("question-change")).toHaveText([
    "Removed: “Gift note” (Text)Instructions: “A note for the card”Character limit: 60Required: NoAdd-on price: $5.00",
    added,
  ]);
  await expect(article("Test listing 2").getByTestId("question-change").first()).toHaveText(
    "Removed: “Font” (Dropdown)Instructions: NoneRequired: YesChoices: Serif, Script",
  );
  await expect(page.getByText(/text_input|dropdown/)).toHaveCount(0);
  expect(await storedSet(empty)).toEqual([]);
});
