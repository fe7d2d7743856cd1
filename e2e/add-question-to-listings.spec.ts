import { expect, test } from "@playwright/test";
import { addOnPriceRules } from "../lib/personalization/add-on-price";
import { applyChange, openChange } from "./changes";
import { hydrated } from "./editor";
import { inPhase, inShopManager, newSeller, signIn, storedListing } from "./sandbox-control";
import { violations } from "./axe";

// docs/marketplace.md §13: several questions and add-on prices on optional text questions.
inPhase("add-on-resend");

type StoredQuestion = { question_text: string; add_on_price: { amount: number; divisor: number } | null };

const storedSet = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions as unknown as StoredQuestion[];

test("the change dialog opens on Add a question: counted and checked as typed, a required one without instructions asks first, and the question lands last with its add-on price", async ({
  page,
}) => {
  const seller = await newSeller(3);
  const [asking, ...empty] = seller.listing_ids as [number, number, number];
  await inShopManager(asking, [
    { question_type: "dropdown", question_text: "Font", required: true, options: [{ label: "Serif" }] },
  ]);

  await signIn(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  const dialog = await openChange(page, 3);
  await expect(dialog.getByLabel("What to change")).toHaveValue("add-question");
  const card = dialog.getByRole("group", { name: "New question: Text" });
  await card.getByLabel("Title").fill("Gift message");
  await expect(card).toContainText("(12 / 45)");
  await card.getByLabel("Buyers must answer (required)").check();
  await dialog.getByRole("button", { name: "Review the change" }).click();

  const warning = page.getByRole("dialog", { name: "Review without instructions?" });
  await expect(warning).toContainText("Buyers will be asked to personalize these 3 listings without being told");
  expect(await violations(page, "dialog[open]")).toEqual([]);
  await warning.getByRole("button", { name: "Add instructions" }).click();
  await expect(card.getByLabel("Instructions")).toBeFocused();
  await card.getByLabel("Instructions").fill("A note for the card");
  await expect(card).toContainText("(19 / 120)");
  await card.getByLabel("Buyers must answer (required)").uncheck();
  await card.getByLabel(/^Add-on price/).fill("2.505");
  await expect(card.getByText(addOnPriceRules.format)).toBeVisible();
  await card.getByLabel(/^Add-on price/).fill("2.50");
  await expect(card.getByText(addOnPriceRules.format)).toHaveCount(0);
  expect(await violations(page, "dialog[open]")).toEqual([]);
  await dialog.getByRole("button", { name: "Review the change" }).click();

  await expect(page.getByRole("heading", { name: "Add the text question “Gift message” last" })).toBeVisible();
  await applyChange(page, 3);
  const font = await storedSet(asking);
  expect(font.map((question) => question.question_text)).toEqual(["Font", "Gift message"]);
  for (const listingId of empty)
    expect((await storedSet(listingId)).map((question) => question.question_text)).toEqual(["Gift message"]);
  for (const listingId of seller.listing_ids) {
    const added = (await storedSet(listingId)).at(-1)!.add_on_price!;
    expect(added.amount / added.divisor).toBe(2.5);
  }
});
