import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";
import { DROPDOWN_QUESTION as dropdown, TEXT_QUESTION as text } from "../../test/harness/wire-questions";
import { createSeller, sandboxControl, storedListing, type CreatedSeller } from "../../test/harness/sandbox";
import { tokenStore } from "../tokens/token-store";
import { openDatabase, type Database } from "../db/database";
import { diffLines } from "../personalization/question-diff";
import { readListingQuestions } from "./listing-reads";
import { planOfTargets } from "./plan";
import { createPlanRunner, type PlanRunner } from "./plan-runner";
import { sheetOfFile } from "./sheet-file";
import { importTargets, nothingToPlan } from "./since-export";
import { COLUMNS, importQuestions, questionRowsOf, questionSheet } from "./spreadsheet";
import { sheetCsv, sheetWorkbook } from "../spreadsheet/sheet-export";

// The seller exports on Monday; on Tuesday one listing changes through another import and one in the marketplace's
// own Shop Manager; on Wednesday the seller edits one cell of Monday's file and imports it.
const sandbox = useSeededSandbox({ phase: "add-on-resend" });
const SCOPES = ["listings_r", "listings_w", "shops_r"];

describe("importing a spreadsheet exported before other changes", () => {
  let db: Database;
  let runner: PlanRunner;
  let seller: CreatedSeller;
  let who: { userId: number; shopId: number };
  let ids: [number, number, number];

  const inShopManager = async (listingId: number, questions: unknown[]) => {
    const edited = await sandboxControl(
      sandbox.url,
      `/listings/${listingId}`,
      { personalization_questions: questions },
      "PATCH",
    );
    expect(edited.status).toBe(200);
  };

  const shop = async () => {
    const read = await readListingQuestions(runner.marketplace, who, ids);
    if (!read.ok) throw new Error(JSON.stringify(read.failure));
    return read.data;
  };

  /** What the import route does with a file: a plan, or the sentence saying why there is none. */
  async function importFile(bytes: Uint8Array) {
    const file = await sheetOfFile(bytes);
    if (!file.ok) throw new Error(file.error);
    const rows = await questionRowsOf(file.sheet);
    if (!rows.ok) throw new Error(JSON.stringify(rows.errors));
    const listings = await shop();
    const imported = await importQuestions(rows.value, new Map(listings.map((each) => [each.listingId, each])));
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    const nothing = nothingToPlan(imported);
    if (nothing) return { nothing };
    const items = planOfTargets(listings, importTargets(listings, imported), "multi");
    const planId = await runner.plans.create({
      ...who,
      description: "Questions from a spreadsheet",
      phase: "multi",
      rate: { perSecond: 10, remainingToday: null },
      items,
    });
    return { planId };
  }

  async function apply(planId: string) {
    expect(await runner.plans.startApply(planId, who.shopId)).toBe(true);
    await runner.apply((await runner.plans.find(planId))!);
    return runner.review.view((await runner.plans.find(planId))!);
  }
  const review = async (planId: string) => runner.review.view((await runner.plans.find(planId))!);

  const textRow = (rows: string[][], listingId: number) =>
    rows.find((cells) => cells[0] === String(listingId) && cells[COLUMNS.indexOf("type")] === "text_input")!;
  function editCsv(csv: string, listingId: number, column: (typeof COLUMNS)[number], value: string) {
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    textRow(rows, listingId)[COLUMNS.indexOf(column)] = value;
    return new TextEncoder().encode(Papa.unparse(rows));
  }
  const questionsOf = async (listingId: number): Promise<Record<string, unknown>[]> =>
    (await storedListing(sandbox.url, listingId)).personalization.personalization_questions;

  /** Tuesday: the first listing through another import of a fresh export, the second in Shop Manager. */
  async function changeTwoSince() {
    const fresh = sheetCsv(questionSheet(await shop()));
    const other = await importFile(editCsv(fresh, ids[0], "instructions", "Print in capitals"));
    expect((await apply(other.planId!)).items.map((item) => item.outcome)).toEqual(["done", "left-out", "left-out"]);
    const giftWrap = {
      ...dropdown,
      question_text: "Gift wrap",
      required: false,
      options: [{ label: "Yes" }, { label: "No" }],
    };
    await inShopManager(ids[1], [text, giftWrap]);
  }

  beforeEach(async () => {
    db = await openDatabase(":memory:");
    seller = await createSeller(sandbox.url, { listings: 3 });
    who = { userId: seller.user_id, shopId: seller.shop_id! };
    ids = seller.listing_ids.slice(0, 3) as [number, number, number];
    await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, SCOPES);
    for (const id of ids) await inShopManager(id, [text]);
    runner = createPlanRunner(
      { db, config: sandboxMarketplaceConfig(sandbox.url), store: tokenStore(db) },
      { idleMs: 50, backoffMs: () => 50 },
    );
  });

  afterEach(async () => {
    await runner.stop();
    await db.close();
  });

  it("plans exactly the edited cell of an old CSV file, leaves the two listings changed since, and applies only that cell", async () => {
    const monday = sheetCsv(questionSheet(await shop()));
    await changeTwoSince();
    const tuesday = await Promise.all(ids.map(questionsOf));

    expect(await importFile(new TextEncoder().encode(monday))).toEqual({
      nothing:
        "This file holds no edits, so nothing was planned. 2 listings changed since you exported it, and the file leaves them as your shop has them.",
    });

    const { planId } = await importFile(editCsv(monday, ids[2], "limit", "25"));
    const plan = await review(planId!);
    expect(plan.counts).toMatchObject({ change: 1, "changed-since": 2, included: 1 });
    expect(plan.items.map((item) => [item.listingId, item.status, item.included, diffLines(item.diff)])).toEqual([
      [ids[0], "changed-since", true, ["“Name” Instructions: “Print in capitals” → “Up to two names”"]],
      [
        ids[1],
        "changed-since",
        true,
        [
          "removed: “Gift wrap” Instructions: None",
          "removed: “Gift wrap” Required: No",
          "removed: “Gift wrap” Choices: Yes, No",
        ],
      ],
      [ids[2], "change", true, ["“Name” Character limit: 40 → 25"]],
    ]);
    expect(plan.items[0]!.reason).toContain("Changed since your export");

    const applied = await apply(planId!);
    expect(applied.items.map((item) => item.outcome)).toEqual(["left-out", "left-out", "done"]);
    expect(await questionsOf(ids[0])).toEqual(tuesday[0]);
    expect(await questionsOf(ids[1])).toEqual(tuesday[1]);
    expect(await questionsOf(ids[2])).toEqual([{ ...tuesday[2]![0], max_allowed_characters: 25 }]);
  });

  it("takes the file's cells for a listing changed since only when the seller chooses it, from an old Excel file", async () => {
    const monday = await sheetWorkbook(questionSheet(await shop()));
    await changeTwoSince();
    const tuesday = await Promise.all(ids.map(questionsOf));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(monday.buffer);
    const sheet = workbook.getWorksheet("Questions")!;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === String(ids[2])) row.getCell(COLUMNS.indexOf("limit") + 1).value = "25";
    });
    const { planId } = await importFile(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect((await review(planId!)).items.map((item) => item.status)).toEqual([
      "changed-since",
      "changed-since",
      "change",
    ]);

    expect(await runner.plans.include(planId!, who.shopId, "all", true)).toBe(true);
    expect((await review(planId!)).counts).toMatchObject({ change: 1, "changed-since": 2, included: 1 });
    expect(await runner.plans.take(planId!, who.shopId, [ids[1]])).toBe(1);
    const taken = await review(planId!);
    expect(taken.items.map((item) => [item.status, item.included])).toEqual([
      ["changed-since", true],
      ["change", true],
      ["change", true],
    ]);

    const applied = await apply(planId!);
    expect(applied.items.map((item) => item.outcome)).toEqual(["left-out", "done", "done"]);
    expect(await questionsOf(ids[0])).toEqual(tuesday[0]);
    expect((await questionsOf(ids[1])).map((question) => question.question_text)).toEqual(["Name"]);
    expect(await questionsOf(ids[2])).toEqual([{ ...tuesday[2]![0], max_allowed_characters: 25 }]);
  });
});
