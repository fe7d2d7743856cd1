import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import Papa from "papaparse";
import { expect, test, type Page } from "@playwright/test";
import { applyChange, appliedText, openChange, QUESTION_SET, undoChange } from "./changes";
import { hydrated, saveAsTemplate } from "./editor";
import { E2E } from "./ports";
import { control, newSeller, putQuestion, signIn, storedListing, type TestSeller } from "./sandbox-control";

// Every source of a change to many listings goes through one review and progress page (/changes/<id>); after the apply
// the listings page shows what was written from the shop's mirror, and each listing's history opens the change.
const GIFT = { instructions: "Gift note", required: false, max_allowed_characters: 200 };

const questionsOf = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions.map(
    ({ instructions, required, max_allowed_characters }) => ({ instructions, required, max_allowed_characters }),
  );

test.beforeEach(() => control("/phase", { phase: "webhooks" }));
test.afterEach(() => control("/phase", { phase: "migration" }));

/** Signed in with the shop's mirror filled and kept fresh, so that the listings page reads nothing from the marketplace. */
async function signedInWithMirror(page: Page, seller: TestSeller) {
  await signIn(page, seller, { from: `${E2E.dashboardUrl}/sign-in` });
  await expect(page.getByTestId("mirror-status")).toContainText(/kept fresh/, { timeout: 20_000 });
}

async function selectAll(page: Page, count: number) {
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  const all = page.getByRole("button", { name: `Select all ${count} active listings` });
  if (await all.isVisible()) await all.click();
}

/**
 * Back on the listings page, served from the shop's mirror, `listingTitle`'s row says `asked` (that every write lands
 * in the mirror without a re-read is pinned in lib/changes/plan-runner-recovery.test.ts, where no webhook comes).
 */
async function listingsShow(page: Page, listingTitle: string, asked: string | RegExp) {
  await page.getByRole("link", { name: "← Back to listings" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: listingTitle, exact: true }) });
  await expect(row.getByRole("cell").nth(1)).toContainText(asked);
}

/** The listing's history names the change, and its link opens the change's page. */
async function historyOpens(page: Page, listingId: number, changeUrl: string) {
  await page.goto(`${E2E.dashboardUrl}/listings/${listingId}`);
  const entry = page.getByRole("region", { name: "History" }).getByTestId("history-entry").first();
  await entry.getByRole("link", { name: "see the change" }).click();
  await expect(page).toHaveURL(changeUrl);
}

test("a field change: one entry, reviewed with its summary and apply first, applied; the listings page and the history agree", async ({
  page,
}) => {
  const seller = await newSeller(3);
  for (const id of seller.listing_ids) await putQuestion(seller, id, GIFT);
  await signedInWithMirror(page, seller);
  await selectAll(page, 3);
  const dialog = await openChange(page, 3);
  await dialog.getByLabel("What to change").selectOption({ label: "The text question's instructions" });
  await dialog.getByRole("textbox", { name: "Instructions" }).fill("Print your name");
  await dialog.getByRole("button", { name: "Review the change" }).click();

  await expect(page.getByRole("heading", { name: /instructions/ })).toBeVisible();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "3 listings change, 0 listings skipped, 0 already as asked.",
  );
  // The summary and the apply button come before the table of rows.
  const apply3 = page.getByRole("button", { name: "Apply 3 changes" });
  const rows = page.getByTestId("plan-rows");
  expect((await apply3.boundingBox())!.y).toBeLessThan((await rows.boundingBox())!.y);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  const changeUrl = await applyChange(page, 3);
  for (const id of seller.listing_ids) expect((await questionsOf(id))[0]?.instructions).toBe("Print your name");

  await listingsShow(page, "Test listing 2", "Print your name");
  await historyOpens(page, seller.listing_ids[1]!, changeUrl);
  // A link kept from the bulk jobs' days opens the same change.
  await page.goto(changeUrl.replace("/changes/", "/bulk-jobs/"));
  await expect(page).toHaveURL(changeUrl);
  await expect(page.getByTestId("plan-progress")).toHaveText(appliedText(3));
});

test("remove personalization, then its undo: both through the change's page, the listings page showing each", async ({
  page,
}) => {
  const seller = await newSeller(2);
  for (const id of seller.listing_ids) await putQuestion(seller, id, GIFT);
  await signedInWithMirror(page, seller);
  await selectAll(page, 2);
  const dialog = await openChange(page, 2);
  await dialog.getByLabel("What to change").selectOption({ label: "Remove personalization" });
  await dialog.getByRole("button", { name: "Review the change" }).click();
  const removal = await applyChange(page, 2);
  for (const id of seller.listing_ids) expect(await questionsOf(id)).toEqual([]);
  await listingsShow(page, "Test listing 1", "No question");
  await historyOpens(page, seller.listing_ids[0]!, removal);

  const undo = await undoChange(page, "Remove personalization", 2);
  expect(undo).not.toBe(removal);
  for (const id of seller.listing_ids) expect(await questionsOf(id)).toEqual([GIFT]);
  await listingsShow(page, "Test listing 1", "Gift note");
  await historyOpens(page, seller.listing_ids[0]!, undo);
});

test("a template applied to 30 listings as their question set", async ({ page }) => {
  test.setTimeout(120_000);
  const seller = await newSeller(30);
  await putQuestion(seller, seller.listing_ids[0]!, {
    instructions: "Name to engrave",
    required: false,
    max_allowed_characters: 40,
  });
  await signedInWithMirror(page, seller);
  await page.goto(`${E2E.dashboardUrl}/listings/${seller.listing_ids[0]}`);
  await hydrated(page.getByRole("button", { name: "Templates" }));
  const templates = await saveAsTemplate(page, "Engraving");
  await templates.getByRole("button", { name: "Close" }).click();
  await page.goto(`${E2E.dashboardUrl}/listings`);
  await selectAll(page, 30);
  const dialog = await openChange(page, 30, QUESTION_SET);
  await dialog.getByLabel("Start from a template").selectOption({ label: "Engraving" });
  await dialog.getByRole("button", { name: "Use template" }).click();
  await dialog.getByRole("button", { name: "Review the change" }).click();
  // The listing the template came from already asks exactly it.
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "29 listings change, 0 listings skipped, 1 already as asked.",
  );
  const changeUrl = await applyChange(page, 29);
  for (const id of [seller.listing_ids[0]!, seller.listing_ids[29]!])
    expect((await questionsOf(id))[0]?.instructions).toBe("Name to engrave");
  await listingsShow(page, "Test listing 2", "Name to engrave");
  await historyOpens(page, seller.listing_ids[1]!, changeUrl);
});

test("a spreadsheet import becomes a change of the same kind", async ({ page }) => {
  const seller = await newSeller(2);
  for (const id of seller.listing_ids) await putQuestion(seller, id, GIFT);
  await signedInWithMirror(page, seller);
  await page.getByRole("link", { name: "Changes and spreadsheets" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export questions (CSV)" }).click();
  const exported = readFileSync((await (await downloading).path())!, "utf8");
  const [header, ...rows] = Papa.parse<string[]>(exported.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  const instructions = header!.indexOf("instructions");
  const listing = header!.indexOf("listing_id");
  rows.find((cells) => cells[listing] === String(seller.listing_ids[0]))![instructions] = "From the sheet";
  await page.getByLabel("Edited file (CSV or Excel)").setInputFiles({
    name: "questions.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${Papa.unparse([header!, ...rows], { newline: "\r\n" })}`, "utf8"),
  });
  await page.getByRole("button", { name: "Import and review" }).click();
  const changeUrl = await applyChange(page, 1);
  expect((await questionsOf(seller.listing_ids[0]!))[0]?.instructions).toBe("From the sheet");
  await listingsShow(page, "Test listing 1", "From the sheet");
  await historyOpens(page, seller.listing_ids[0]!, changeUrl);
});

test("a health fix from the inbox becomes a change of the same kind", async ({ page }) => {
  const seller = await newSeller(2);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: null, required: true, max_allowed_characters: 20 });
  await signedInWithMirror(page, seller);
  await page.goto(`${E2E.dashboardUrl}/inbox`);
  const finding = page.getByRole("listitem").filter({ hasText: "A required question without instructions: 1 listing" });
  await finding.getByRole("radio", { name: "Make the question optional" }).check();
  await finding.getByRole("button", { name: "Review this fix" }).click();
  const changeUrl = await applyChange(page, 1);
  expect((await questionsOf(listingId))[0]?.required).toBe(false);
  await listingsShow(page, "Test listing 1", "A question with no instructions");
  await historyOpens(page, listingId, changeUrl);
});
