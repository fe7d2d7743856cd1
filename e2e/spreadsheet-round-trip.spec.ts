import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import Papa from "papaparse";
import { TEXT_QUESTION as TEXT } from "../test/harness/wire-questions";
import {
  inPhase,
  newSeller,
  putQuestion,
  putQuestions,
  setPhase,
  shopManagerEdit,
  signIn,
  storedListing,
} from "./sandbox-control";

// A spreadsheet keeps its promise. Re-importing an unchanged export changes nothing, plans nothing and is not refused,
// though a listing already breaks a rule (named with a link); the Excel export imports as the CSV does. An old file
// never undoes what changed since it was exported.
inPhase("add-on-resend");

async function download(page: Page, link: string) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: link }).click();
  return (await (await downloading).path())!;
}

async function importAndExpectWarning(page: Page, path: string, listingId: number) {
  await page.getByLabel("Edited file (CSV or Excel)").setInputFiles(path);
  await page.getByRole("button", { name: "Import and review" }).click();
  const warning = page.getByRole("status").filter({ hasText: "This file matches your shop: nothing was planned." });
  await expect(warning.getByTestId("import-warnings").getByRole("listitem")).toHaveCount(1);
  const link = warning.getByRole("link", { name: "Test listing 1" });
  await expect(link).toHaveAttribute("href", `/listings/${listingId}`);
  await expect(warning.getByTestId("import-warnings")).toContainText("Use at most 120 characters.");
  await expect(warning.getByRole("link", { name: "Review the plan" })).toHaveCount(0);
}

test("an unchanged export, CSV or Excel, re-imports as no plan, naming with a link the listing that already breaks a rule", async ({
  page,
}) => {
  await setPhase("migration");
  const seller = await newSeller(3);
  const [legacy, ...rest] = seller.listing_ids as [number, ...number[]];
  // Written before today's limit of 120 characters, and never touched since.
  await putQuestion(seller, legacy, {
    instructions: `Write${" the name".repeat(24)}.`,
    required: false,
    max_allowed_characters: 40,
  });
  await setPhase("add-on-resend");
  for (const id of rest) await putQuestions(seller, id, [TEXT]);

  await signIn(page, seller, { from: "/sign-in?callbackUrl=%2Fchanges" });
  await expect(page).toHaveURL(/\/changes$/);
  const csv = await download(page, "Export questions (CSV)");
  const xlsx = await download(page, "Export questions (Excel)");
  await importAndExpectWarning(page, csv, legacy);
  await page.goto("/changes");
  await importAndExpectWarning(page, xlsx, legacy);
});

test("an old file changes only the cell the seller edited, and leaves a listing changed since unless the seller takes it", async ({
  page,
}) => {
  const seller = await newSeller(3);
  const [first, second, third] = seller.listing_ids as [number, number, number];
  for (const id of seller.listing_ids) await putQuestions(seller, id, [TEXT]);
  // The listings page's read is what tells the dashboard the marketplace takes several questions (its phase probe).
  await signIn(page, seller);
  await expect(page.getByRole("link", { name: "Test listing 3", exact: true })).toBeVisible();
  await page.goto("/changes");
  const csv = await download(page, "Export questions (CSV)");

  await shopManagerEdit(first, "Changed in Shop Manager");
  const rows = Papa.parse<string[]>(readFileSync(csv, "utf8").replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  const header = rows[0]!;
  rows.find((row) => row[0] === String(third))![header.indexOf("limit")] = "25";
  writeFileSync(csv, Papa.unparse(rows));

  await page.getByLabel("Edited file (CSV or Excel)").setInputFiles(csv);
  await page.getByRole("button", { name: "Import and review" }).click();
  await expect(page.getByRole("heading", { name: "Questions from a spreadsheet" })).toBeVisible();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "1 listing changes, 0 listings skipped, 1 already as asked. 1 listing changed since your file or grid, left as it is.",
  );
  const changed = page.getByRole("article", { name: "Test listing 1" });
  await expect(changed).toContainText("Changed since your export, and you did not edit it in the file");
  await expect(page.getByRole("button", { name: "Apply 1 change" })).toBeVisible();
  // For docs/sellers.md: the review of a stale file, the listing changed since left as the shop has it.
  await page.screenshot({ path: "test-results/stale-import-review.png", fullPage: true });

  await page.getByRole("button", { name: "Take your cells for Test listing 1" }).click();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "2 listings change, 0 listings skipped, 1 already as asked.",
  );
  await page.getByRole("checkbox", { name: "Test listing 1" }).uncheck();
  await page.getByRole("button", { name: "Apply 1 change" }).click();
  await expect(page.getByTestId("plan-progress")).toContainText("Applied to 1 listing");
  const questions = async (id: number) => (await storedListing(id)).personalization.personalization_questions;
  expect(await questions(third)).toMatchObject([{ max_allowed_characters: 25 }]);
  expect(await questions(first)).toMatchObject([{ instructions: "Changed in Shop Manager" }]);
  expect(await questions(second)).toMatchObject([{ max_allowed_characters: TEXT.max_allowed_characters }]);
});
