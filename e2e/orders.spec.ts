import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import Papa from "papaparse";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { editorPath, hydrated, questionGroup, signInTo } from "./editor";
import {
  allowOnMarketplace,
  control,
  inPhase,
  newSeller,
  putQuestion,
  putQuestions,
  signIn,
  storedListing,
  type TestSeller,
} from "./sandbox-control";

// Today's marketplace: several questions, add-on prices (docs/marketplace.md §13, §16).
inPhase("webhooks");

type Receipt = { receipt_id: number };
type StoredQuestion = { question_id: number; question_text: string };

const QUESTIONS = [
  { question_type: "text_input", question_text: "Name", required: true, max_allowed_characters: 12 },
  {
    question_type: "text_input",
    question_text: "Gift note",
    required: false,
    max_allowed_characters: 40,
    add_on_price: { amount: 300, divisor: 100, currency_code: "USD" },
  },
  {
    question_type: "dropdown",
    question_text: "Font",
    required: true,
    options: [{ label: "Serif" }, { label: "Script" }],
  },
];

/** A seller whose one listing asks three questions, and two orders of it placed through the control API. */
async function shopWithOrders() {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestions(seller, listingId, QUESTIONS);
  const listing = await control<{ personalization: { personalization_questions: StoredQuestion[] } }>(
    `/listings/${listingId}`,
  );
  const [name, note, font] = listing.personalization.personalization_questions as [
    StoredQuestion,
    StoredQuestion,
    StoredQuestion,
  ];
  const answered = await control<Receipt>("/orders", {
    listing_id: listingId,
    quantity: 2,
    buyer: { name: "Jane Doe" },
    answers: [
      { question_id: name.question_id, value: "Ada" },
      { question_id: note.question_id, value: "Happy birthday" },
      { question_id: font.question_id, value: "Script" },
    ],
  });
  const flagged = await control<Receipt>("/orders", {
    listing_id: listingId,
    buyer: { name: "Ravi Patel" },
    answers: [
      { question_id: name.question_id, value: "Lily 🌸" },
      { question_id: font.question_id, value: "Serif" },
    ],
  });
  return { seller, listingId, answered: answered.receipt_id, flagged: flagged.receipt_id };
}

/** The queue's row of the order's (first) item. */
const orderCard = (page: Page, receiptId: number) =>
  page
    .locator("tbody tr")
    .filter({ has: page.getByRole("cell", { name: String(receiptId), exact: true }) })
    .first();

/** The answer shown under the question titled `title` (a <dt>, its <dd>s after it). */
const answerUnder = (order: Locator, title: string) =>
  order.locator("div", {
    has: order
      .page()
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${title}`) }),
  });

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

async function signInToOrders(page: Page, seller: TestSeller) {
  await signIn(page, seller, { from: signInTo("/orders") });
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
}

test("an order placed through the marketplace shows each answer under its question in the queue, worded as the buyer saw it after the seller rewords it, in the production sheet's CSV alike, with a flag on what prints badly; the editor shows what each question earned", async ({
  page,
}) => {
  const { seller, listingId, answered, flagged } = await shopWithOrders();
  await signInToOrders(page, seller);

  const order = orderCard(page, answered);
  await expect(order).toContainText("Jane Doe");
  await expect(order.locator("[data-state]")).toHaveText("To make");
  await expect(answerUnder(order, "Name").locator("[data-answer]")).toHaveText("Ada");
  await expect(answerUnder(order, "Gift note").locator("[data-answer]")).toHaveText("Happy birthday (add-on $3.00)");
  await expect(answerUnder(order, "Font").locator("[data-answer]")).toHaveText("Script");
  await expect(order.locator("[data-flag]")).toHaveCount(0);

  const checked = orderCard(page, flagged);
  await expect(answerUnder(checked, "Name").locator('[data-flag="prints-badly"]')).toContainText("the emoji 🌸");
  await expect(answerUnder(checked, "Gift note").locator("[data-answer]")).toHaveText("No answer");
  expect(await violations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await violations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });

  await page.goto(editorPath(listingId));
  const save = page.getByRole("button", { name: "Save questions" });
  await hydrated(save);
  await expect(questionGroup(page, 1, "Text").getByTestId("question-stats")).toHaveText(
    "Last 30 days: 2 of 2 orders answered.",
  );
  await expect(questionGroup(page, 2, "Text").getByTestId("question-stats")).toHaveText(
    "Last 30 days: 1 of 2 orders answered; $6.00 in add-on prices.",
  );
  await expect(questionGroup(page, 3, "Dropdown").getByTestId("question-stats")).toHaveText(
    "Last 30 days: 2 of 2 orders answered; most chosen Script (2), Serif (1).",
  );
  await questionGroup(page, 1, "Text").getByLabel("Title").fill("Name to engrave");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await page.goto("/orders");
  const reworded = answerUnder(orderCard(page, answered), "Name");
  await expect(reworded.getByRole("term")).toHaveText("Name (now asked as “Name to engrave”)");
  await expect(reworded.locator("[data-answer]")).toHaveText("Ada");

  const csv = await page.request.get("/api/orders/sheet?format=csv");
  expect(csv.status()).toBe(200);
  const rows = Papa.parse<Record<string, string>>((await csv.text()).replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  }).data;
  const answersOf = (receiptId: number) =>
    rows
      .filter((row) => row.order === String(receiptId))
      .map((row) => [row.question, row.buyer, row.quantity, row.answer]);
  expect(answersOf(answered)).toEqual([
    ["Name to engrave", "Jane Doe", "2", "Ada"],
    ["Gift note", "Jane Doe", "2", "Happy birthday"],
    ["Font", "Jane Doe", "2", "Script"],
  ]);
  expect(rows.find((row) => row.order === String(flagged) && row.question === "Name to engrave")?.check).toContain(
    "the emoji 🌸",
  );

  await page.goto("/orders/sheet");
  await expect(page.getByRole("heading", { name: "Production sheet" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Name to engrave" })).toContainText("Ada");
  expect(await violations(page)).toEqual([]);
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ path: "test-results/production-sheet.pdf", format: "A4", printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(readFileSync("test-results/production-sheet.pdf").length).toBe(pdf.length);
});

test("a seller who signed in without transactions_r is asked once, on the Orders page only, and keeps the rest", async ({
  page,
}) => {
  const { seller, answered } = await shopWithOrders();
  await signIn(page, seller, { uncheck: ["transactions_r"] });
  await expect(page).toHaveURL(/\/listings/);
  await expect(page.getByRole("table")).toBeVisible();

  await page.goto("/orders");
  const ask = page.getByRole("status").filter({ hasText: "permission to read your shop's orders" });
  await expect(ask).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(0);
  expect(await violations(page)).toEqual([]);

  await ask.getByRole("button", { name: "Allow reading orders" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(answerUnder(orderCard(page, answered), "Name").locator("[data-answer]")).toHaveText("Ada");
});

test.describe("in the migration period", () => {
  inPhase("migration");

  test("the single-question editor shows beside its question how many orders answered it", async ({ page }) => {
    const seller = await newSeller(1);
    const listingId = seller.listing_ids[0]!;
    await putQuestion(seller, listingId, {
      instructions: "Name to engrave",
      required: true,
      max_allowed_characters: 12,
    });
    const [question] = (await storedListing(listingId)).personalization.personalization_questions as unknown as [
      StoredQuestion,
    ];
    await control("/orders", { listing_id: listingId, answers: [{ question_id: question.question_id, value: "Bo" }] });
    await signInToOrders(page, seller);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.goto(editorPath(listingId));
    await expect(page.getByTestId("stored-question").getByTestId("question-stats")).toHaveText(
      "Last 30 days: 1 of 1 order answered.",
    );
  });
});
