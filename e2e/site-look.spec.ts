import { expect, test, type Page } from "@playwright/test";
import { applyChange, appliedText, openChange, QUESTION_SET } from "./changes";
import { hydrated } from "./editor";
import { newSeller, putQuestion, signIn } from "./sandbox-control";
import { violations } from "./axe";

const LOOKS = [
  { scheme: "light", width: 1280, height: 800 },
  { scheme: "dark", width: 1280, height: 800 },
  { scheme: "light", width: 390, height: 844 },
  { scheme: "dark", width: 390, height: 844 },
] as const;

async function look(page: Page, { scheme, width, height }: (typeof LOOKS)[number]) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
}

/** Controls a finger must hit, smaller than 44 by 44 CSS pixels. */
function smallTargets(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "a, button, select, input:not([type=checkbox]):not([type=hidden]), label:has(> input[type=checkbox])",
      ),
    ]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden")
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} “${(element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 40)}” ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The page's background as RGB, whatever colour syntax the stylesheet used. */
const background = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    canvas.fillStyle = getComputedStyle(document.body).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    const [red, green, blue] = canvas.getImageData(0, 0, 1, 1).data;
    return (red! + green! + blue!) / 3;
  });

/** The one selected listing's personalization removed, as far as the change's review page. */
async function removePersonalization(page: Page) {
  const dialog = await openChange(page, 1);
  await dialog.getByLabel("What to change").selectOption({ label: "Remove personalization" });
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(page).toHaveURL(/\/changes\/[0-9a-f-]{36}$/);
}

test("the listings page, its change dialog and a change's page: no axe violations, light and dark, desktop and 390 px; one column and 44 px targets on a phone", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const seller = await newSeller(30);
  await putQuestion(seller, seller.listing_ids[0]!, {
    instructions:
      "Write the name to engrave exactly as it should appear, and tell us if you want a heart after it or a star.",
    required: true,
    max_allowed_characters: 60,
  });
  await putQuestion(seller, seller.listing_ids[1]!, {
    instructions: "Gift note",
    required: false,
    max_allowed_characters: 100,
  });
  await signIn(page, seller);
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();

  const box = page.getByRole("checkbox", { name: "Select Test listing 2", exact: true });
  await hydrated(box);
  await box.check();
  await removePersonalization(page);
  const changeUrl = await applyChange(page, 1);

  for (const each of LOOKS) {
    const phone = each.width < 600;
    await look(page, each);
    await page.goto("/listings?state=active&page=1");
    await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
    if (each.scheme === "dark") expect(await background(page)).toBeLessThan(60);
    else expect(await background(page)).toBeGreaterThan(200);
    expect(await violations(page), `listings, ${each.scheme}, ${each.width}px`).toEqual([]);
    if (phone) {
      expect(await overflowsSideways(page)).toBe(false);
      expect(await smallTargets(page)).toEqual([]);
      await expect(page.getByRole("columnheader")).toHaveText(["Listing"]);
      await expect(
        page.getByRole("row").filter({ has: page.getByRole("link", { name: "Test listing 1", exact: true }) }),
      ).toContainText("Required · up to 60 characters");
    }

    const tick = page.getByRole("checkbox", { name: "Select Test listing 3", exact: true });
    await hydrated(tick);
    const clear = page.getByRole("button", { name: "Clear selection" });
    if (await clear.isVisible()) await clear.click();
    await tick.check();
    const dialog = await openChange(page, 1, QUESTION_SET);
    await expect(dialog.getByLabel("Instructions for buyers")).toBeVisible();
    expect(await violations(page), `change dialog, ${each.scheme}, ${each.width}px`).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.getByRole("button", { name: "Clear selection" }).click();

    await page.goto(changeUrl);
    await expect(page.getByTestId("plan-progress")).toHaveText(appliedText(1));
    await expect(page.getByRole("article", { name: "Test listing 2", exact: true })).toBeVisible();
    expect(await violations(page), `change, ${each.scheme}, ${each.width}px`).toEqual([]);
    if (phone) {
      expect(await overflowsSideways(page)).toBe(false);
      expect(await smallTargets(page)).toEqual([]);
    }
  }
});

test("the sign-in page has no axe violations in light and dark, desktop and 390 px, and fits a phone", async ({
  page,
}) => {
  for (const each of LOOKS) {
    await look(page, each);
    await page.goto("/sign-in?reason=expired");
    await expect(page.getByText("Your marketplace sign-in has expired.")).toBeVisible();
    expect(await violations(page), `sign-in, ${each.scheme}, ${each.width}px`).toEqual([]);
    if (each.width < 600) {
      expect(await overflowsSideways(page)).toBe(false);
      expect(await smallTargets(page)).toEqual([]);
    }
  }
});

test("every tab names what it shows", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page).toHaveTitle("Sign in · Personalization dashboard");
  const seller = await newSeller(30);
  await putQuestion(seller, seller.listing_ids[0]!, {
    instructions: "Gift note",
    required: false,
    max_allowed_characters: 100,
  });
  await signIn(page, seller);
  await expect(page).toHaveTitle("Active listings · Personalization dashboard");
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveTitle("Active listings, page 2 · Personalization dashboard");
  await page.goto("/listings?state=draft&page=1");
  await expect(page).toHaveTitle("Draft listings · Personalization dashboard");

  const box = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await page.goto("/listings?state=active&page=1");
  await hydrated(box);
  await page.getByRole("checkbox", { name: "Select Test listing 1", exact: true }).check();
  await removePersonalization(page);
  await expect(page).toHaveTitle("Review a change · Personalization dashboard");
});
