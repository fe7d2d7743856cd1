import { expect, test, type Page } from "@playwright/test";
import { TEXT_QUESTION as TEXT } from "../test/harness/wire-questions";
import { inPhase, newSeller, putQuestion, putQuestions, setPhase, signIn } from "./sandbox-control";

// Issue 35: a spreadsheet keeps its promise. Re-importing an unchanged export changes nothing and is not refused,
// though a listing already breaks a rule (named with a link); the Excel export imports as the CSV does.
inPhase("add-on-resend");

async function download(page: Page, link: string) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: link }).click();
  return (await (await downloading).path())!;
}

async function importAndExpectWarning(page: Page, path: string, listingId: number) {
  await page.getByLabel("Edited file (CSV or Excel)").setInputFiles(path);
  await page.getByRole("button", { name: "Import and review" }).click();
  const warning = page.getByRole("status").filter({ hasText: "Your changes are planned." });
  await expect(warning.getByTestId("import-warnings").getByRole("listitem")).toHaveCount(1);
  const link = warning.getByRole("link", { name: "Test listing 1" });
  await expect(link).toHaveAttribute("href", `/listings/${listingId}`);
  await expect(warning.getByTestId("import-warnings")).toContainText("Use at most 120 characters.");
  await warning.getByRole("link", { name: "Review the plan" }).click();
  await expect(page.getByRole("heading", { name: "Questions from a spreadsheet" })).toBeVisible();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "0 listings change, 0 listings skipped, 3 already as asked.",
  );
}

test("an unchanged export, CSV or Excel, re-imports as no change, naming with a link the listing that already breaks a rule", async ({
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
