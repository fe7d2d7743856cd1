import { expect, test } from "@playwright/test";
import { openChange, QUESTION_SET } from "./changes";
import { hydrated, openGiftNoteEditor, saveAsTemplate } from "./editor";
import { faultQuestionWrites } from "./sandbox-control";
import { violations } from "./axe";

for (const colorScheme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`the editor, its toasts, dialogs and templates, and the bulk dialog have no axe violations (${colorScheme}, ${width} px)`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      const { seller, listingId, form } = await openGiftNoteEditor(page, 2);
      // Nothing wider than the screen: no clipped columns at 390 px; every button of the editor is a 44 px touch target.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const smallTargets = await page
        .locator("main button, main summary")
        .evaluateAll((targets) =>
          targets.filter((target) => target.getBoundingClientRect().height < 44).map((target) => target.textContent),
        );
      expect(smallTargets).toEqual([]);

      await form.instructions.fill("Name to engrave");
      await form.save.click();
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      await expect(page.getByRole("region", { name: "History" }).getByTestId("history-entry")).toHaveCount(2);
      expect(await violations(page)).toEqual([]);

      await faultQuestionWrites(seller, listingId, {
        status: 503,
        // Longer than this test: the editor saves again by itself once the marketplace answers.
        times: 50,
      });
      await form.instructions.fill("Initials please");
      await form.save.click();
      await expect(page.getByRole("alert").filter({ hasText: "Not saved yet." })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      const templates = await saveAsTemplate(page, "Initials");
      await expect(templates.getByTestId("template")).toContainText("Initials");
      expect(await violations(page)).toEqual([]);
      await templates.getByRole("button", { name: "Close" }).click();

      await page.getByRole("link", { name: "← Back to listings" }).click();
      await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Leave without saving" }).click();

      const box = page.getByRole("checkbox", { name: "Select Test listing 2", exact: true });
      await hydrated(box);
      await box.check();
      const bulk = await openChange(page, 1, QUESTION_SET);
      await expect(bulk.getByLabel("Start from a template")).toBeVisible();
      expect(await violations(page, "dialog[open]")).toEqual([]);
    });
  }
}
