import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./ports";
import { control, lastRequestId, newSeller, requestsSince, signIn } from "./sandbox-control";

const rowOf = (page: Page, title: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });

const loadedWidth = (image: ReturnType<Page["locator"]>) =>
  image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));

test("each listing shows its first marketplace image, loaded from the marketplace's image host; one without images a placeholder", async ({
  page,
}) => {
  const seller = await newSeller(3);
  const [first, , drafted] = seller.listing_ids as [number, number, number];
  await control(`/listings/${drafted}`, { state: "draft" }, "PATCH");
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const before = await lastRequestId();

  await signIn(page, seller);
  for (const view of ["read from the marketplace", "read from the mirror after a reload"]) {
    const image = rowOf(page, "Test listing 1").locator("img");
    await expect(image, view).toHaveAttribute("src", `${E2E.sandboxUrl}/images/${first * 10 + 1}/il_75x75.svg`);
    await expect(image).toHaveAttribute("alt", "");
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("width", "40");
    await expect(image).toHaveAttribute("height", "40");
    await expect.poll(() => loadedWidth(image), { message: view }).toBeGreaterThan(0);
    await expect(rowOf(page, "Test listing 2").locator("img")).toHaveCount(1);
    await page.reload();
  }

  await page
    .getByRole("navigation", { name: "Filter by state" })
    .getByRole("link", { name: /^Draft/ })
    .click();
  const draft = rowOf(page, "Test listing 3");
  await expect(draft).toBeVisible();
  await expect(draft.locator("img")).toHaveCount(0);
  await expect(draft.getByTestId("thumbnail-placeholder")).toBeVisible();

  expect(refused).toEqual([]);
  // The images come from the image host, not the API: they use none of the app's requests.
  expect((await requestsSince(before)).filter((entry) => entry.path.startsWith("/images/"))).toEqual([]);
});
