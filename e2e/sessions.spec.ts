import { expect, test, type Page } from "@playwright/test";
import { addQuestion, editor, editorPath, hydrated, openNewEditor } from "./editor";
import { openChange } from "./changes";
import {
  allowOnMarketplace,
  lastRequestId,
  newSeller,
  putQuestion,
  requestsSince,
  signInThroughPages,
  storedListing,
} from "./sandbox-control";

type Violation = { directive: string; blocked: string };

/** Every CSP violation the page reports, collected from before its first script runs (init scripts are exempt from CSP). */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: Array<{ directive: string; blocked: string }> = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

/** Signs the seller in on `phone`, there chooses "Sign out everywhere", and closes it. */
async function signOutEverywhereFrom(phone: Page, seller: { email: string; password: string }) {
  await signInThroughPages(phone, seller);
  await phone.getByRole("button", { name: "Sign out everywhere…" }).click();
  await phone
    .getByRole("dialog", { name: "Sign out everywhere?" })
    .getByRole("button", { name: "Sign out everywhere" })
    .click();
  await expect(phone).toHaveURL(/reason=signed-out-everywhere$/);
  await phone.context().close();
}

test("'Sign out everywhere' in one browser sends the other to sign in with the reason, and its editor draft survives", async ({
  page,
  browser,
}) => {
  const { seller, listingId } = await openNewEditor(page);
  await editor(page).instructions.fill("Name to engrave, written before the sign-out");

  const phone = await (await browser.newContext()).newPage();
  await signInThroughPages(phone, seller);
  await phone.getByRole("button", { name: "Sign out everywhere…" }).click();
  const confirm = phone.getByRole("dialog", { name: "Sign out everywhere?" });
  await confirm.getByRole("button", { name: "Stay signed in" }).click();
  await expect(confirm).toBeHidden();
  await expect(phone).toHaveURL(/\/listings/);
  await phone.getByRole("button", { name: "Sign out everywhere…" }).click();
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(phone).toHaveURL(/\/sign-in\?reason=signed-out-everywhere$/);
  await expect(phone.getByRole("status").filter({ hasText: "signed out" })).toHaveText(
    "You are signed out on every browser and device where you used the dashboard.",
  );
  await phone.context().close();

  const since = await lastRequestId();
  await editor(page).save.click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Flistings%2F\d+&reason=session-ended/);
  await expect(page.getByRole("alert").filter({ hasText: "You were signed out" })).toHaveText(
    "You were signed out because this session was ended (you signed out here or on another device, or chose “Sign out everywhere”). Sign in again to continue; any unsaved changes in this tab will be waiting for you.",
  );
  expect((await requestsSince(since)).filter((entry) => entry.path.endsWith("/personalization"))).toEqual([]);

  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(editor(page).instructions).toHaveValue("Name to engrave, written before the sign-out");
  await editor(page).save.click();
  await expect(page.getByText("Saved. Buyers are now asked this question.")).toBeVisible();
  expect((await storedListing(listingId)).personalization.personalization_questions[0]?.instructions).toBe(
    "Name to engrave, written before the sign-out",
  );
});

test("a dashboard session that ends with the templates dialog open names the dashboard's sign-in, and keeps the instructions and the template's name through signing in again", async ({
  page,
  browser,
}) => {
  const { seller, listingId } = await openNewEditor(page);
  await editor(page).instructions.fill("Name to engrave, typed before the session ended");
  await page.getByRole("button", { name: "Templates" }).click();
  const dialog = page.getByRole("dialog", { name: "Question templates" });
  await dialog.getByLabel("Template name").fill("Engraving");

  await signOutEverywhereFrom(await (await browser.newContext()).newPage(), seller);

  await dialog.getByRole("button", { name: "Save as template" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "Not saved. Your sign-in to this dashboard has ended (the marketplace is fine), so nothing was changed. Sign in again; what you typed is kept.",
  );
  await dialog.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Flistings%2F\d+&reason=session-ended/);
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await allowOnMarketplace(page, seller);
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(editor(page).instructions).toHaveValue("Name to engrave, typed before the session ended");
  await page.getByRole("button", { name: "Templates" }).click();
  await expect(dialog.getByLabel("Template name")).toHaveValue("Engraving");
});

test("a dashboard session that ends with the change dialog open names the dashboard's sign-in, and after signing in again the dialog opens with what was typed", async ({
  page,
  browser,
}) => {
  const seller = await newSeller(2);
  for (const id of seller.listing_ids)
    await putQuestion(seller, id, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
  await signInThroughPages(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  const dialog = await openChange(page, 2);
  await dialog.getByLabel("What to change").selectOption({ label: "The text question's instructions" });
  await dialog.getByRole("textbox", { name: "Instructions" }).fill("Name to print, typed before the session ended");

  await signOutEverywhereFrom(await (await browser.newContext()).newPage(), seller);

  const since = await lastRequestId();
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "Your sign-in to this dashboard has ended (the marketplace is fine), so nothing was changed. Sign in again; what you typed is kept.",
  );
  expect(await requestsSince(since)).toEqual([]);
  await dialog.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Flistings[^&]*&reason=session-ended/);
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await allowOnMarketplace(page, seller);

  await expect(dialog.getByLabel("What to change")).toHaveValue("text-instructions");
  await expect(dialog.getByRole("textbox", { name: "Instructions" })).toHaveValue(
    "Name to print, typed before the session ended",
  );
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "2 listings change, 0 listings skipped, 0 already as asked.",
  );
});

test("an inline script injected into a page is blocked by the CSP and reported, and the page still works", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await page.route("**/sign-in", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "</body>",
      '<script>window.injectedRan = true</script><img src="/favicon.svg" onerror="" onload="window.handlerRan = true"></body>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto("/sign-in");
  await expect.poll(violations).toEqual(
    expect.arrayContaining([
      { directive: "script-src-elem", blocked: "inline" },
      { directive: "script-src-attr", blocked: "inline" },
    ]),
  );
  expect(await page.evaluate(() => ({ script: "injectedRan" in window, handler: "handlerRan" in window }))).toEqual({
    script: false,
    handler: false,
  });

  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
});

test("the pages a seller visits hydrate under the nonce CSP without a single violation", async ({ page }) => {
  const seller = await newSeller(2);
  const violations = await watchViolations(page);
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content.Security.Policy/i.test(message.text()))
      consoleErrors.push(message.text());
  });

  await page.goto("/sign-in");
  expect(await violations()).toEqual([]);
  await signInThroughPages(page, seller);
  await expect(page.getByRole("heading", { name: `Welcome, TestShop${seller.user_id}` })).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.getByRole("link", { name: "Test listing 1", exact: true }).click();
  await addQuestion(page);
  await editor(page).instructions.fill("Typed after hydration");
  await expect(page.getByText("21 / 256 characters")).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto("/no-such-page");
  await expect(page.getByText("This page could not be found.")).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("instructions with invisible or direction-changing characters are refused with the reason, and the typed text stays", async ({
  page,
}) => {
  const { listingId } = await openNewEditor(page);
  const typed = "Name to engrave \u202Edesrever";
  await editor(page).instructions.fill(typed);
  const message =
    "Remove the invisible or direction-changing characters (U+202E RIGHT-TO-LEFT OVERRIDE): buyers would not see them, or they would change the order of what buyers read. Retype the text or paste it as plain text.";
  await expect(editor(page).instructionsError).toHaveText(message);
  const since = await lastRequestId();
  await editor(page).save.click();
  await expect(editor(page).instructionsError).toHaveText(message);
  await expect(editor(page).instructions).toHaveValue(typed);
  expect((await requestsSince(since)).filter((entry) => entry.path.endsWith("/personalization"))).toEqual([]);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
});
