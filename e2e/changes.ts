import { expect, type Page } from "@playwright/test";

const listings = (count: number) => `${count} ${count === 1 ? "listing" : "listings"}`;

/** The listings page's one entry for changing the selected listings; returns its dialog. */
export async function openChange(page: Page, count: number) {
  await page.getByRole("button", { name: `Change ${listings(count)}…` }).click();
  return page.getByRole("dialog", { name: `Change ${listings(count)}` });
}

export const appliedText = (done: number, elsewhere = 0, failed = 0) =>
  `Applied. ${done} changed, ${elsewhere} changed elsewhere and left as they are, ${failed} not changed.`;

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
