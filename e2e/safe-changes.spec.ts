import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { expect, test, type Page } from "@playwright/test";
import { appliedText, openDetails } from "./changes";
import { hydrated } from "./editor";
import {
  DROPDOWN_QUESTION as DROPDOWN,
  TEXT_QUESTION as TEXT,
  UPLOAD_QUESTION as UPLOAD,
} from "../test/harness/wire-questions";
import {
  control,
  inShopManager,
  newSeller,
  putQuestions,
  signIn,
  storedListing,
  type StoredListing,
  type TestSeller,
} from "./sandbox-control";

// Today's marketplace (docs/marketplace.md §13): several questions, add-on prices that a write must
// re-send, ids that a write keeps when sent back.
const setPhase = (phase: "migration" | "add-on-resend") => control("/phase", { phase });

const SETS = [
  [{ ...TEXT, add_on_price: 2.5 }],
  [DROPDOWN, { ...TEXT, max_allowed_characters: 12 }],
  [UPLOAD, DROPDOWN, { ...TEXT, instructions: null }],
];

type Question = Record<string, unknown>;

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

/** A seller whose listings hold the three question sets in turn. */
async function sellerWithSets(listings = 3) {
  const seller = await newSeller(listings);
  for (const [index, id] of seller.listing_ids.entries()) await putQuestions(seller, id, SETS[index % SETS.length]!);
  return seller;
}

/** A stored listing without what every write moves on: the rest must stay exactly as it was. */
const untouched = (listing: StoredListing) => {
  const {
    personalization: _questions,
    updated_timestamp: _u,
    last_modified_timestamp: _l,
    ...rest
  } = listing as StoredListing & Record<string, unknown>;
  return rest;
};

async function planLimitChange(page: Page, seller: TestSeller, limit: string) {
  await signIn(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  if (seller.listing_ids.length <= 3)
    for (const n of [1, 2, 3])
      await page.getByRole("checkbox", { name: `Select Test listing ${n}`, exact: true }).check();
  else {
    await pageBox.check();
    await page.getByRole("button", { name: `Select all ${seller.listing_ids.length} active listings` }).click();
  }
  await page.getByRole("button", { name: `Change ${seller.listing_ids.length} listings…` }).click();
  const dialog = page.getByRole("dialog", { name: `Change ${seller.listing_ids.length} listings` });
  await dialog.getByLabel("What to change").selectOption({ label: "The text question's character limit" });
  await dialog.getByRole("spinbutton", { name: "Character limit" }).fill(limit);
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(page).toHaveURL(/\/changes\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole("heading", { name: `Set the text question's character limit to ${limit}` }),
  ).toBeVisible();
}

/** The shop's questions as the dashboard exports them, parsed, with a way to write them back as a file. */
async function exportedQuestions(page: Page, from: "listings" | "changes" = "listings") {
  if (from === "listings") await page.getByRole("link", { name: "Changes and spreadsheets" }).click();
  else await page.goto("/changes");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export questions (CSV)" }).click();
  const exported = readFileSync((await (await downloading).path())!, "utf8");
  expect(exported.startsWith("\uFEFFlisting_id,")).toBe(true);
  const [header, ...rows] = Papa.parse<string[]>(exported.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  const column = (name: string) => header!.indexOf(name);
  return {
    header: header!,
    column,
    rows,
    rowOf: (listingId: number, type: string) =>
      rows.find((cells) => cells[column("listing_id")] === String(listingId) && cells[column("type")] === type)!,
    file: () => `\uFEFF${Papa.unparse([header!, ...rows], { newline: "\r\n" })}`,
  };
}

async function importFile(page: Page, text: string) {
  await page.getByLabel("Edited file (CSV or Excel)").setInputFiles({
    name: "questions.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(text, "utf8"),
  });
  await page.getByRole("button", { name: "Import and review" }).click();
}

const applied = (page: Page, done: number, elsewhere = 0, timeout = 30_000) =>
  expect(page.getByTestId("plan-progress")).toHaveText(appliedText(done, elsewhere), { timeout });

const row = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

/** The text question of a stored set with `edit` applied; the rest as stored, ids and add-on prices included. */
const withText = (questions: Question[], edit: Question) =>
  questions.map((question) => (question.question_type === "text_input" ? { ...question, ...edit } : question));

test.beforeEach(() => setPhase("add-on-resend"));
test.afterEach(() => setPhase("migration"));

test("a character limit changed across 40 listings with 3 different question sets changes only that field in what the sandbox holds", async ({
  page,
}) => {
  const seller = await sellerWithSets(40);
  const before = await Promise.all(seller.listing_ids.map(storedListing));
  expect(before[0]!.personalization.personalization_questions[0]).toMatchObject({
    add_on_price: { amount: 250, divisor: 100 },
  });
  await planLimitChange(page, seller, "60");

  await expect(page.getByTestId("plan-summary")).toHaveText(
    "40 listings change, 0 listings skipped, 0 already as asked.",
  );
  await expect(page.getByTestId("plan-cost")).toContainText("Applying it costs 41 requests");
  await expect(row(page, "Test listing 2").getByTestId("question-change")).toHaveText([
    "“Name” (Text)Character limit: 12 → 60",
  ]);
  await expect(row(page, "Test listing 3").getByTestId("question-change")).toHaveText([
    "“Name” (Text)Character limit: 40 → 60",
  ]);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.getByRole("button", { name: "Apply 40 changes" }).click();
  await applied(page, 40);

  for (const [index, id] of seller.listing_ids.entries()) {
    const now = await storedListing(id);
    expect(untouched(now)).toEqual(untouched(before[index]!));
    expect(now.personalization.personalization_questions).toEqual(
      withText(before[index]!.personalization.personalization_questions as Question[], { max_allowed_characters: 60 }),
    );
  }
});

test("a listing changed on the marketplace between review and apply is left as it is and shown with both versions", async ({
  page,
}) => {
  const seller = await sellerWithSets();
  await planLimitChange(page, seller, "99");
  const elsewhere = seller.listing_ids[1]!;
  // The seller edits the listing on the marketplace's own site (the sandbox's Shop Manager, through its control API).
  await inShopManager(elsewhere, [{ ...TEXT, instructions: "Changed on the marketplace" }]);

  await page.getByRole("button", { name: "Apply 3 changes" }).click();
  await applied(page, 2, 1);
  await page.getByRole("radio", { name: "Changed elsewhere (1)" }).click();
  await expect(page.getByTestId("plan-row")).toHaveCount(1);
  const conflict = row(page, "Test listing 2");
  await expect(conflict.getByTestId("plan-outcome")).toHaveText("Changed elsewhere: left as it is");
  const versions = conflict.getByTestId("plan-conflict");
  await expect(versions).toContainText(
    "Changed since you reviewed it, so it is kept as it is now:Removed: “Colour” (Dropdown)",
  );
  await expect(versions).toContainText("“Changed on the marketplace”");
  await expect(versions).not.toContainText("dropdown");
  const kept = await questionsOf(elsewhere);
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject({ ...TEXT, instructions: "Changed on the marketplace" });
  expect((await questionsOf(seller.listing_ids[0]!))[0]).toMatchObject({ max_allowed_characters: 99 });
});

test("a listing the marketplace kept failing can be tried again, through the same runner; one changed elsewhere cannot", async ({
  page,
}) => {
  const seller = await sellerWithSets();
  await planLimitChange(page, seller, "77");
  const [first, elsewhere, failing] = seller.listing_ids as [number, number, number];
  await inShopManager(elsewhere, [{ ...TEXT, instructions: "Changed on the marketplace" }]);
  // A 503 that lasts through every attempt the runner makes at this one listing's write.
  await control("/faults", {
    method: "POST",
    path: `/v3/application/shops/${seller.shop_id}/listings/${failing}/personalization`,
    status: 503,
    times: 100,
  });
  await page.getByRole("button", { name: "Apply 3 changes" }).click();
  await expect(page.getByTestId("plan-progress")).toHaveText(appliedText(1, 1, 1), { timeout: 60_000 });
  await expect(page.getByRole("radio", { name: "Failed (1)" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Skipped (0)" })).toBeVisible();
  await expect(row(page, "Test listing 3").getByTestId("plan-outcome")).toHaveText("Failed: not changed");
  await expect(row(page, "Test listing 2").getByTestId("plan-outcome")).toHaveText("Changed elsewhere: left as it is");
  await expect(page.getByRole("button", { name: /^Try/ })).toHaveCount(1);
  expect((await questionsOf(failing)).find((question) => question.question_type === "text_input")).toMatchObject({
    max_allowed_characters: TEXT.max_allowed_characters,
  });

  await control("/faults", undefined, "DELETE");
  await page.getByRole("button", { name: "Try Test listing 3 again" }).click();
  await applied(page, 2, 1);
  await expect(row(page, "Test listing 3").getByTestId("plan-outcome")).toHaveText("Changed");
  await expect(page.getByRole("button", { name: /^Try/ })).toHaveCount(0);
  expect((await questionsOf(failing)).find((question) => question.question_type === "text_input")).toMatchObject({
    max_allowed_characters: 77,
  });
  expect((await questionsOf(first))[0]).toMatchObject({ max_allowed_characters: 77 });
  expect(await questionsOf(elsewhere)).toEqual([
    expect.objectContaining({ instructions: "Changed on the marketplace" }),
  ]);
});

test("a change over 60 listings is reviewed 50 rows at a time, each filter paged on its own", async ({ page }) => {
  const seller = await sellerWithSets(60);
  await planLimitChange(page, seller, "60");
  await expect(page.getByTestId("plan-row")).toHaveCount(50);
  await expect(page.getByTestId("plan-rows-shown")).toHaveText("Listings 1–50 of 60");
  await expect(page.getByRole("button", { name: "Apply 60 changes" })).toBeVisible();
  await page.getByRole("button", { name: "Next 50" }).click();
  await expect(page.getByTestId("plan-rows-shown")).toHaveText("Listings 51–60 of 60");
  await expect(page.getByTestId("plan-row")).toHaveCount(10);
  await expect(page.getByTestId("plan-row").first()).toHaveAccessibleName("Test listing 51");
  await expect(page.getByRole("button", { name: "Next 50" })).toBeDisabled();
  await page.getByRole("radio", { name: "Skipped (0)" }).click();
  await expect(page.getByText("No listing here.")).toBeVisible();
  await expect(page.getByTestId("plan-rows-shown")).toHaveCount(0);

  const rows = `${new URL(page.url()).pathname.replace("/changes/", "/api/changes/")}`;
  const second = await page.request.get(`${rows}?filter=changes&offset=50`);
  expect(second.status()).toBe(200);
  const body = (await second.json()) as { items: { title: string }[]; page: { counts: Record<string, number> } };
  expect(body.items.map((item) => item.title)).toEqual(
    Array.from({ length: 10 }, (_, index) => `Test listing ${51 + index}`),
  );
  expect(body.page.counts).toEqual({ changes: 60, all: 60, failed: 0, skipped: 0, conflicts: 0 });
  for (const [query, error] of [
    ["filter=bogus", "filter must be one of changes, all, failed, skipped, conflicts; leave it out to see every row."],
    ["offset=-1", "offset must be a whole number of rows, 0 or more; leave it out to start at the first row."],
  ]) {
    const refused = await page.request.get(`${rows}?${query}`);
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(error);
  }
});

test("undoing a change after the seller edited its listings elsewhere puts back only what it wrote, and leaves their edits in place", async ({
  page,
}) => {
  const seller = await sellerWithSets();
  const [one, two, three] = seller.listing_ids as [number, number, number];
  const before = await Promise.all(seller.listing_ids.map(storedQuestionsOf));
  await planLimitChange(page, seller, "99");
  await page.getByRole("button", { name: "Apply 3 changes" }).click();
  await applied(page, 3);

  // On the marketplace's own site: another field of listing 1, and the very field the change wrote on listing 3.
  await inShopManager(one, withText(await storedQuestionsOf(one), { instructions: "Edited elsewhere" }));
  await inShopManager(three, withText(await storedQuestionsOf(three), { max_allowed_characters: 55 }));
  const editedOne = await storedQuestionsOf(one);

  await page.getByRole("button", { name: "Plan the undo…" }).click();
  await expect(
    page.getByRole("heading", { name: "Undo: Set the text question's character limit to 99" }),
  ).toBeVisible();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "2 listings change, 1 listing skipped, 0 already as asked.",
  );
  await expect(row(page, "Test listing 1").getByTestId("question-change")).toHaveText([
    "“Name” (Text)Character limit: 99 → 40",
  ]);
  await page.getByRole("radio", { name: "All (3)" }).click();
  await expect(row(page, "Test listing 3").getByTestId("plan-kept")).toHaveText(
    "Changed since the change wrote it, and left as it is:“Name” (Text)Character limit: 99 → 55",
  );
  await page.getByRole("button", { name: "Apply 2 changes" }).click();
  await applied(page, 2);

  expect(await storedQuestionsOf(one)).toEqual(withText(editedOne, { max_allowed_characters: 40 }));
  expect((await storedQuestionsOf(one)).find((question) => question.question_type === "text_input")).toMatchObject({
    instructions: "Edited elsewhere",
    add_on_price: { amount: 250, divisor: 100 },
  });
  expect(await storedQuestionsOf(two)).toEqual(before[1]);
  expect(await storedQuestionsOf(three)).toEqual(withText(before[2]!, { max_allowed_characters: 55 }));
});

test("the questions exported, 3 cells changed and imported show exactly 3 changes, and applying stores them; a file left as it was shows none", async ({
  page,
}) => {
  const seller = await sellerWithSets();
  await signIn(page, seller);
  const [one, two, three] = seller.listing_ids as [number, number, number];

  const unedited = await exportedQuestions(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export questions (Excel)" }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await (await downloading).path())!);
  const excel = workbook.getWorksheet("Questions")!;
  expect(excel.getRow(1).values).toEqual([undefined, ...unedited.header]);
  expect(excel.rowCount).toBe(unedited.rows.length + 1);
  await importFile(page, unedited.file());
  const matches = page.getByRole("status").filter({ hasText: "This file matches your shop: nothing was planned." });
  await expect(matches).toBeVisible();
  await expect(matches.getByRole("link", { name: "Review the plan" })).toHaveCount(0);

  const sheet = await exportedQuestions(page, "changes");
  sheet.rowOf(one, "text_input")[sheet.column("instructions")] = "Print clearly";
  sheet.rowOf(two, "dropdown")[sheet.column("options")] = "Red\nBlue\nGreen";
  sheet.rowOf(three, "unlabeled_upload")[sheet.column("files")] = "3";
  await importFile(page, sheet.file());
  await expect(page.getByRole("heading", { name: "Questions from a spreadsheet" })).toBeVisible();
  await expect(page.getByTestId("question-change")).toHaveText([
    "“Name” (Text)Instructions: “Up to two names” → “Print clearly”",
    "“Colour” (Dropdown)Choices: Red, Blue → Red, Blue, Green",
    "“Photo” (File upload)Files: up to 2 → up to 3",
  ]);
  await page.getByRole("button", { name: "Apply 3 changes" }).click();
  await applied(page, 3);
  expect((await questionsOf(one))[0]).toMatchObject({ instructions: "Print clearly", max_allowed_characters: 40 });
  expect((await questionsOf(two))[0]).toMatchObject({
    options: [{ label: "Red" }, { label: "Blue" }, { label: "Green" }],
  });
  expect((await questionsOf(three))[0]).toMatchObject({ max_allowed_files: 3, instructions: "A clear photo" });
});

test("a file with a bad cell is refused with its row and column, and nothing is planned or applied", async ({
  page,
}) => {
  const seller = await sellerWithSets();
  const [one, two] = seller.listing_ids as [number, number];
  const before = await Promise.all(seller.listing_ids.map(storedQuestionsOf));
  await signIn(page, seller);
  const sheet = await exportedQuestions(page);
  sheet.rowOf(one, "text_input")[sheet.column("instructions")] = "A good change";
  const bad = sheet.rowOf(two, "text_input");
  bad[sheet.column("limit")] = "lots";
  const badRow = sheet.rows.indexOf(bad) + 2;

  await importFile(page, sheet.file());
  const refusal = page.getByRole("alert").filter({ hasText: "Some cells need attention" });
  await expect(refusal).toContainText("nothing was planned");
  await expect(refusal.getByTestId("import-errors").locator("tbody tr")).toHaveText([
    `${badRow}limitEnter a whole number.`,
  ]);
  await page.reload();
  await expect(page.getByText("No changes yet.")).toBeVisible();
  expect(await Promise.all(seller.listing_ids.map(storedQuestionsOf))).toEqual(before);
});

test("an apply that meets the quota reserve stops, says when it goes on, and finishes once the marketplace's day moves on", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seller = await sellerWithSets();
  await planLimitChange(page, seller, "77");
  await openDetails(page);
  const cost = await page.getByTestId("plan-cost").textContent();
  const left = Number(/the (\d+) requests left of today's quota/.exec(cost ?? "")?.[1]);
  expect(left).toBeGreaterThan(10);
  // Room for one read and two writes above the reserve: two listings change, the third waits.
  await page.getByRole("spinbutton", { name: /Keep in reserve/ }).fill(String(left - 3));
  await page.getByRole("button", { name: "Apply 3 changes" }).click();

  const waiting = page.getByTestId("plan-waiting");
  await expect(waiting).toContainText(
    `Stopped to keep ${left - 3} of today's requests in reserve, with 1 change to go. It goes on by itself at`,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId("plan-progress")).toHaveText(
    "Applying… 2 changed, 0 changed elsewhere and left as they are, 0 failed, 1 waiting.",
  );
  expect((await questionsOf(seller.listing_ids[2]!)).find((q) => q.question_type === "text_input")).toMatchObject({
    max_allowed_characters: 40,
  });

  // A day later on the marketplace's clock, the requests the apply made have left its rolling 24 hours.
  await control("/clock", { advance_seconds: 25 * 3600 });
  await applied(page, 3, 0, 60_000);
  await expect(waiting).toHaveCount(0);
  expect((await questionsOf(seller.listing_ids[2]!)).find((q) => q.question_type === "text_input")).toMatchObject({
    max_allowed_characters: 77,
  });
});
