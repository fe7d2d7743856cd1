import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import Papa from "papaparse";
import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./editor";
import {
  type TestSeller,
  control,
  inPhase,
  marketplaceCall,
  marketplaceToken,
  newSeller,
  signIn,
  storedListing,
} from "./sandbox-control";

// Today's marketplace (decisions.md "The marketplace of today"): several questions, add-on prices that a write must
// re-send, ids that a write keeps when sent back.

const TEXT = {
  question_type: "text_input",
  question_text: "Name",
  instructions: "Up to two names",
  required: false,
  max_allowed_characters: 40,
};
const DROPDOWN = {
  question_type: "dropdown",
  question_text: "Colour",
  instructions: null,
  required: true,
  options: [{ label: "Red" }, { label: "Blue" }],
};
const UPLOAD = {
  question_type: "unlabeled_upload",
  question_text: "Photo",
  instructions: "A clear photo",
  required: true,
  max_allowed_files: 2,
};
const SETS = [
  [{ ...TEXT, add_on_price: 2.5 }],
  [DROPDOWN, { ...TEXT, max_allowed_characters: 12 }],
  [UPLOAD, DROPDOWN, { ...TEXT, instructions: null }],
];

type Question = Record<string, unknown>;

async function putQuestions(seller: TestSeller, listingId: number, questions: unknown[]) {
  await marketplaceCall(
    await marketplaceToken(seller.user_id),
    "POST",
    `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization?supports_multiple_personalization_questions=true`,
    { json: { personalization_questions: questions } },
  );
}

/** What the sandbox stores, ids and add-on prices included. */
const storedQuestionsOf = async (listingId: number): Promise<Question[]> =>
  (await storedListing(listingId)).personalization.personalization_questions as unknown as Question[];

/** What the sandbox stores, without the ids. */
const questionsOf = async (listingId: number): Promise<Question[]> =>
  ((await storedListing(listingId)).personalization.personalization_questions as unknown as Question[]).map(
    ({ question_id: _id, options, ...rest }) => ({
      ...rest,
      options: Array.isArray(options) ? options.map(({ label }: { label: string }) => ({ label })) : options,
    }),
  );

async function sellerWithThreeSets() {
  const seller = await newSeller(3);
  for (const [index, set] of SETS.entries()) await putQuestions(seller, seller.listing_ids[index]!, set);
  return seller;
}

async function planLimitChange(page: Page, seller: TestSeller, limit: string) {
  await signIn(page, seller);
  const first = page.getByRole("checkbox", { name: "Select Test listing 1", exact: true });
  await hydrated(first);
  for (const n of [1, 2, 3])
    await page.getByRole("checkbox", { name: `Select Test listing ${n}`, exact: true }).check();
  await page.getByRole("button", { name: "Plan a change…" }).click();
  const dialog = page.getByRole("dialog", { name: "Plan a change to 3 listings" });
  await dialog.getByLabel("What to change").selectOption({ label: "The text question's character limit" });
  await dialog.getByRole("spinbutton", { name: "Character limit" }).fill(limit);
  await dialog.getByRole("button", { name: "Plan the change" }).click();
  await expect(page).toHaveURL(/\/changes\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole("heading", { name: `Set the text question's character limit to ${limit}` }),
  ).toBeVisible();
}

const row = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

inPhase("add-on-resend");

test("a character limit changed across listings with different question sets changes only that field in what the sandbox holds", async ({
  page,
}) => {
  const seller = await sellerWithThreeSets();
  const before = await Promise.all(seller.listing_ids.map(storedQuestionsOf));
  expect(before[0]![0]).toMatchObject({ add_on_price: { amount: 250, divisor: 100 } });
  await planLimitChange(page, seller, "60");

  await expect(page.getByTestId("plan-summary")).toHaveText(
    "3 listings change, 0 listings skipped, 0 already as asked.",
  );
  await expect(page.getByTestId("plan-cost")).toContainText("Applying it costs 4 requests");
  await expect(row(page, "Test listing 2").getByTestId("plan-diff")).toHaveText(["“Name” limit: 12 → 60"]);
  await expect(row(page, "Test listing 3").getByTestId("plan-diff")).toHaveText(["“Name” limit: 40 → 60"]);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.getByRole("button", { name: "Apply 3 changes" }).click();
  await expect(page.getByTestId("plan-progress")).toHaveText(
    "Applied. 3 changed, 0 changed elsewhere and left as they are, 0 not changed.",
    { timeout: 30_000 },
  );

  for (const [index, id] of seller.listing_ids.entries())
    expect(await storedQuestionsOf(id)).toEqual(
      before[index]!.map((question) =>
        question.question_type === "text_input" ? { ...question, max_allowed_characters: 60 } : question,
      ),
    );
});

test("a listing changed on the marketplace between review and apply is left as it is and shown with both versions", async ({
  page,
}) => {
  const seller = await sellerWithThreeSets();
  await planLimitChange(page, seller, "99");
  const elsewhere = seller.listing_ids[1]!;
  // The seller edits the listing on the marketplace's own site (the sandbox's Shop Manager, through its control API).
  await control(
    `/listings/${elsewhere}`,
    { personalization_questions: [{ ...TEXT, instructions: "Changed on the marketplace" }] },
    "PATCH",
  );

  await page.getByRole("button", { name: "Apply 3 changes" }).click();
  await expect(page.getByTestId("plan-progress")).toHaveText(
    "Applied. 2 changed, 1 changed elsewhere and left as they are, 0 not changed.",
    { timeout: 30_000 },
  );
  await page.getByRole("radio", { name: "Changed elsewhere (1)" }).click();
  await expect(page.getByTestId("plan-row")).toHaveCount(1);
  const conflict = row(page, "Test listing 2");
  await expect(conflict.getByTestId("plan-outcome")).toHaveText("Changed elsewhere: left as it is");
  await expect(conflict.getByTestId("plan-conflict")).toContainText("As you reviewed it“Colour” (dropdown, required)");
  await expect(conflict.getByTestId("plan-conflict")).toContainText("instructions “Changed on the marketplace”");
  const kept = await questionsOf(elsewhere);
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject({ ...TEXT, instructions: "Changed on the marketplace" });
  expect((await questionsOf(seller.listing_ids[0]!))[0]).toMatchObject({ max_allowed_characters: 99 });
});

test("the questions exported, 3 cells changed and imported show exactly 3 changes, and applying stores them", async ({
  page,
}) => {
  const seller = await sellerWithThreeSets();
  await signIn(page, seller);
  await page.getByRole("link", { name: "Changes and spreadsheets" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export questions (CSV)" }).click();
  const exported = readFileSync((await (await downloading).path())!, "utf8");
  expect(exported.startsWith("\uFEFFlisting_id,")).toBe(true);

  const [header, ...rows] = Papa.parse<string[]>(exported.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  const column = (name: string) => header!.indexOf(name);
  const rowOf = (listingId: number, type: string) =>
    rows.find((cells) => cells[column("listing_id")] === String(listingId) && cells[column("type")] === type)!;
  const [one, two, three] = seller.listing_ids as [number, number, number];
  rowOf(one, "text_input")[column("instructions")] = "Print clearly";
  rowOf(two, "dropdown")[column("options")] = "Red\nBlue\nGreen";
  rowOf(three, "unlabeled_upload")[column("files")] = "3";
  const edited = `\uFEFF${Papa.unparse([header!, ...rows], { newline: "\r\n" })}`;

  await page.getByLabel("Edited CSV file").setInputFiles({
    name: "questions.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(edited, "utf8"),
  });
  await page.getByRole("button", { name: "Import and review" }).click();
  await expect(page.getByRole("heading", { name: "Questions from a spreadsheet" })).toBeVisible();
  await expect(page.getByTestId("plan-diff")).toHaveText([
    "“Name” instructions: Up to two names → Print clearly",
    "“Colour” options: Red, Blue → Red, Blue, Green",
    "“Photo” files: 2 → 3",
  ]);
  await page.getByRole("button", { name: "Apply 3 changes" }).click();
  await expect(page.getByTestId("plan-progress")).toHaveText(
    "Applied. 3 changed, 0 changed elsewhere and left as they are, 0 not changed.",
    { timeout: 30_000 },
  );
  expect((await questionsOf(one))[0]).toMatchObject({ instructions: "Print clearly", max_allowed_characters: 40 });
  expect((await questionsOf(two))[0]).toMatchObject({
    options: [{ label: "Red" }, { label: "Blue" }, { label: "Green" }],
  });
  expect((await questionsOf(three))[0]).toMatchObject({ max_allowed_files: 3, instructions: "A clear photo" });
});
