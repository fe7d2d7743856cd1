import Papa from "papaparse";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { GIFT_NOTE_QUESTION } from "../test/harness/wire-questions";
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
import { violations } from "./axe";

// Today's marketplace: several questions, add-on prices (docs/marketplace.md §13, §16).
inPhase("webhooks");

type Receipt = { receipt_id: number };
type StoredQuestion = { question_id: number; question_text: string };

const QUESTIONS = [
  { question_type: "text_input", question_text: "Name", required: true, max_allowed_characters: 12 },
  GIFT_NOTE_QUESTION,
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
    "Last 30 days: 2 of 2 orders answered; most chosen Script (2 items), Serif (1 item).",
  );
  await questionGroup(page, 1, "Text").getByLabel("Title").fill("Name to engrave");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await page.goto("/orders");
  const reworded = answerUnder(orderCard(page, answered), "Name");
  await expect(reworded.getByRole("term")).toHaveText("Name (now asked as “Name to engrave”)");
  await expect(reworded.locator("[data-answer]")).toHaveText("Ada");

  // The sheet prints items to make; the flagged order, in review, is printed on hold when asked (hold=1).
  const csv = await page.request.get("/api/orders/sheet?format=csv&hold=1");
  expect(csv.status()).toBe(200);
  const rows = Papa.parse<Record<string, string>>((await csv.text()).replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(rows.find((row) => row.order === String(answered))).toMatchObject({
    buyer: "Jane Doe",
    quantity: "2",
    status: "To make",
    "answer: Name": "Ada",
    "answer: Gift note": "Happy birthday",
    "answer: Font": "Script",
  });
  const renamed = rows.find((row) => row.order === String(flagged));
  expect(renamed?.status).toBe("On hold: in review, don't make yet");
  expect(renamed?.check).toContain("Name: question since renamed to “Name to engrave”");
  expect(renamed?.check).toContain("the emoji 🌸");

  await page.goto("/orders/sheet?hold=1");
  await expect(page.getByRole("heading", { name: "Production sheet" })).toBeVisible();
  const sheetRow = (receiptId: number) =>
    page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: String(receiptId), exact: true }) });
  await expect(sheetRow(answered).getByRole("term").first()).toHaveText(
    "Name (question since renamed to “Name to engrave”)",
  );
  await expect(sheetRow(answered).locator("[data-answer]").first()).toHaveText("Ada");
  await expect(answerUnder(sheetRow(flagged), "Gift note").locator("[data-answer]")).toHaveText("No answer");
  await expect(sheetRow(flagged).locator("[data-on-hold]")).toBeVisible();
});

test("the production sheet opened from a filtered Orders page says which items it holds, puts the item due first at the top with its dates, totals each choice in items and lists the files at the listing's head", async ({
  page,
}) => {
  const seller = await newSeller(2);
  const [necklace, tote] = seller.listing_ids as [number, number];
  await putQuestions(seller, necklace, [
    { question_type: "text_input", question_text: "Name", required: true, max_allowed_characters: 12 },
    {
      question_type: "dropdown",
      question_text: "Chain",
      required: true,
      options: [{ label: "Gold" }, { label: "Silver" }],
    },
    { question_type: "unlabeled_upload", question_text: "Photo", required: false, max_allowed_files: 2 },
  ]);
  await putQuestions(seller, tote, [
    { question_type: "text_input", question_text: "Initials", required: true, max_allowed_characters: 3 },
  ]);
  const [name, chain, photo] = (await storedListing(necklace)).personalization.personalization_questions as unknown as [
    StoredQuestion,
    StoredQuestion,
    StoredQuestion,
  ];
  const { now } = await control<{ now: number }>("/clock");
  const day = 24 * 3600;
  const place = (listingId: number, buyer: string, quantity: number, age: number, answers: unknown[]) =>
    control<Receipt>("/orders", {
      listing_id: listingId,
      quantity,
      buyer: { name: buyer },
      created_timestamp: now - age * day,
      answers,
    });
  const yesterday = await place(necklace, "Jane Doe", 2, 1, [
    { question_id: name.question_id, value: "Ada" },
    { question_id: chain.question_id, value: "Gold" },
    { question_id: photo.question_id, files: ["ada.jpg"] },
  ]);
  // Placed last, ordered first: two weeks old, so due to ship first (the sandbox ships three days after the order).
  const twoWeeks = await place(necklace, "Kwame Mensah", 1, 14, [
    { question_id: name.question_id, value: "Mia" },
    { question_id: chain.question_id, value: "Silver" },
  ]);
  const lastWeek = await place(necklace, "Yuki Sato", 11, 7, [
    { question_id: name.question_id, value: "Sofia" },
    { question_id: chain.question_id, value: "Gold" },
    { question_id: photo.question_id, files: ["sofia-1.jpg", "sofia-2.jpg"] },
  ]);
  const [initials] = (await storedListing(tote)).personalization.personalization_questions as unknown as [
    StoredQuestion,
  ];
  await place(tote, "Ravi Patel", 1, 20, [{ question_id: initials.question_id, value: "RP" }]);
  const title = (await storedListing(necklace)).title;

  await signInToOrders(page, seller);
  await page.goto(`/orders?listing=${necklace}`);
  await expect(page.getByRole("table", { name: "Production queue" }).locator("tbody tr")).toHaveCount(3);
  await page.getByRole("link", { name: "Production sheet" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/sheet\\?listing=${necklace}$`));
  // Kwame's necklace has no photo uploaded, so it is in review: left off, then printed on hold when asked.
  await expect(page.getByTestId("sheet-summary")).toHaveText(
    `To make · with “${title}” · 2 items in 2 orders (13 pieces)`,
  );
  await expect(page.getByText("1 item in review is left off until reviewed.")).toBeVisible();
  await page.getByRole("link", { name: "Print items in review too, on hold" }).click();
  await expect(page.getByTestId("sheet-summary")).toHaveText(
    `To make · with “${title}” · items in review on hold · 3 items in 3 orders (14 pieces)`,
  );
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(1);

  const rows = page.getByRole("table", { name: new RegExp(`^${title}`) }).locator("tbody tr");
  const dayOf = (seconds: number) =>
    new Date(seconds * 1000).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
  await expect(rows.first().locator("td").nth(1)).toHaveText(dayOf(now - 11 * day));
  await expect(rows.first()).toContainText("Kwame Mensah");
  await expect(rows.first().locator("[data-answer]").first()).toHaveText("Mia");
  await expect(rows.locator("td:first-child")).toHaveText(
    [twoWeeks, lastWeek, yesterday].map((receipt) => String(receipt.receipt_id)),
  );
  const totals = page.getByTestId("sheet-totals");
  await expect(totals).toHaveText([
    "Chain: Gold ×13 · Silver ×1",
    `Photo: sofia-1.jpg (order ${lastWeek.receipt_id}) · sofia-2.jpg (order ${lastWeek.receipt_id}) · ada.jpg (order ${yesterday.receipt_id})`,
  ]);
  const noPhoto = answerUnder(rows.filter({ hasText: "Kwame Mensah" }), "Photo").locator("[data-answer]");
  await expect(noPhoto).toHaveText("No answerCheck: No file uploaded.");
  expect(await violations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await violations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });

  const csv = await page.request.get(`/api/orders/sheet?format=csv&listing=${necklace}&hold=1`);
  const csvRows = Papa.parse<Record<string, string>>((await csv.text()).replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  }).data;
  const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  expect(csvRows[0]).toMatchObject({
    order: String(twoWeeks.receipt_id),
    "answer: Name": "Mia",
    "answer: Chain": "Silver",
    ordered: isoDay(now - 14 * day),
    ship_by: isoDay(now - 11 * day),
  });
  expect(csvRows).toHaveLength(3);

  // The queue's due filter carries to the sheet, item by item: the necklaces of two weeks and of last week are overdue.
  await page.goto(`/orders/sheet?listing=${necklace}&due=overdue&hold=1`);
  await expect(page.getByTestId("sheet-summary")).toContainText("overdue");
  await expect(page.getByTestId("sheet-summary")).toContainText("2 items in 2 orders (12 pieces)");
  await expect(rows.filter({ hasText: "Kwame Mensah" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Yuki Sato" })).toHaveCount(1);
  await expect(page.getByText("Jane Doe")).toHaveCount(0);
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
