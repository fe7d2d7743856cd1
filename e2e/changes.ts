import { expect, type Page } from "@playwright/test";

const listings = (count: number) => `${count} ${count === 1 ? "listing" : "listings"}`;

/** The change dialog's kind that replaces every question of the selected listings. */
export const QUESTION_SET = "Apply a question set (typed here or from a template)";

/** The listings page's one entry for changing the selected listings; returns its dialog, on `kind` when one is named. */
export async function openChange(page: Page, count: number, kind?: string) {
  await page.getByRole("button", { name: `Change ${listings(count)}…` }).click();
  const dialog = page.getByRole("dialog", { name: `Change ${listings(count)}` });
  if (kind) await dialog.getByLabel("What to change").selectOption({ label: kind });
  return dialog;
}

/** What an applied change's review says: the listings it changed, and a failure as a failure with what to do. */
export function appliedText(done: number, elsewhere = 0, failed = 0) {
  const left =
    elsewhere === 0
      ? ""
      : ` ${listings(elsewhere)} changed elsewhere ${elsewhere === 1 ? "was" : "were"} left as ${elsewhere === 1 ? "it is" : "they are"}.`;
  return failed === 0
    ? `Applied to ${listings(done)}.${left}`
    : `Applied to ${listings(done)}; ${failed} failed. Show the failed ${failed === 1 ? "one" : "ones"} to read why, then try ${failed === 1 ? "it" : "them"} again.${left}`;
}

/** On a change's review page: opens the Details that hold the quota and the reserve. */
export const openDetails = (page: Page) => page.getByTestId("plan-details").locator("summary").click();

/** On a change's review page: applies its `changes` rows and waits until every one is written; returns the page's URL. */
export async function applyChange(page: Page, changes: number, timeout = 30_000) {
  await expect(page).toHaveURL(/\/changes\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: `Apply ${changes} ${changes === 1 ? "change" : "changes"}` }).click();
  await expect(page.getByTestId("plan-progress")).toHaveText(appliedText(changes), { timeout });
  return page.url();
}

/** On an applied change's page: plans its undo and applies it; returns the undo's URL. */
export async function undoChange(page: Page, heading: string, changes: number, timeout = 30_000) {
  await page.getByRole("button", { name: "Plan the undo…" }).click();
  await expect(page.getByRole("heading", { name: `Undo: ${heading}` })).toBeVisible();
  return applyChange(page, changes, timeout);
}
