import { expect, test, type Request } from "@playwright/test";
import { editor, editorPath } from "./editor";
import { E2E } from "./ports";
import {
  dashboardApp,
  dashboardTokens,
  newSeller,
  putQuestion,
  signInThroughPages,
  storedListing,
} from "./sandbox-control";

type Received = { method: string; url: string; type: string; body: string };

test("no access token, refresh token, shared secret or keystring reaches the browser during a whole journey", async ({
  page,
}) => {
  const seller = await newSeller(2);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: "Name to engrave", required: true, max_allowed_characters: 12 });

  // Every answer from the dashboard passes through here whole, so even bodies the page drops on navigating are read.
  const received: Received[] = [];
  const dropped: Request[] = [];
  await page.route(
    (url) => url.origin === E2E.dashboardUrl,
    async (route) => {
      const request = route.request();
      try {
        const response = await route.fetch({ maxRedirects: 0 });
        const body = await response.body();
        received.push({
          method: request.method(),
          url: request.url(),
          type: response.headers()["content-type"] ?? "",
          body: body.toString("utf8"),
        });
        await route.fulfill({ response, body });
      } catch {
        // A prefetch the page gave up on while its answer was on the way: asked again below, so it is still checked.
        dropped.push(request);
        await route.abort().catch(() => {});
      }
    },
  );

  await signInThroughPages(page, seller);
  await expect(page.getByRole("heading", { name: `Welcome, TestShop${seller.user_id}` })).toBeVisible();
  await page.getByRole("link", { name: "Test listing 1", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === editorPath(listingId));
  await editor(page).instructions.fill("Name to engrave, please");
  await editor(page).save.click();
  await expect(page.getByText("Saved. Buyers are now asked this question.")).toBeVisible();
  await page.goto("/listings?state=active&page=1");
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
  const session = await page.evaluate(async (id) => {
    const reads = await Promise.all(
      ["/api/auth/session", "/api/listings?state=active&page=1", `/api/listings/${id}`].map((path) => fetch(path)),
    );
    const [session] = await Promise.all(reads.map((response) => response.json()));
    return session as { seller?: Record<string, unknown> };
  }, listingId);
  expect(session.seller).toEqual({
    userId: seller.user_id,
    shopId: seller.shop_id,
    shopName: `TestShop${seller.user_id}`,
    scopes: ["listings_r", "listings_w", "shops_r", "transactions_r", "transactions_w"],
  });
  expect((await storedListing(listingId)).personalization.personalization_questions[0]?.instructions).toBe(
    "Name to engrave, please",
  );

  await page.unrouteAll({ behavior: "wait" });
  for (const request of dropped) {
    expect(request.method(), `${request.url()} was dropped`).toBe("GET");
    const again = await page.request.get(request.url(), { headers: request.headers(), maxRedirects: 0 });
    received.push({
      method: "GET",
      url: request.url(),
      type: again.headers()["content-type"] ?? "",
      body: (await again.body()).toString("utf8"),
    });
  }
  const kinds = (pattern: RegExp) => received.filter((entry) => pattern.test(entry.type) || pattern.test(entry.url));
  expect(kinds(/text\/html/).length).toBeGreaterThan(0);
  expect(kinds(/text\/x-component/).length).toBeGreaterThan(0);
  expect(kinds(/javascript/).length).toBeGreaterThan(0);
  expect(kinds(/\/api\/auth\/session/).length).toBe(1);
  // Both server actions of the journey (sign in, save) answered through the collector.
  expect(received.filter((entry) => entry.method === "POST").map((entry) => new URL(entry.url).pathname)).toEqual([
    "/sign-in",
    editorPath(listingId),
  ]);

  const tokens = dashboardTokens(seller.user_id);
  const app = dashboardApp();
  expect(tokens).toBeDefined();
  // Tokens are `<user_id>.<random>`: look for the random part too, in case a page showed it without its prefix.
  const secrets = {
    "access token": tokens!.access_token,
    "access token (random part)": tokens!.access_token.split(".").at(-1)!,
    "refresh token": tokens!.refresh_token,
    "refresh token (random part)": tokens!.refresh_token.split(".").at(-1)!,
    "shared secret": app.shared_secret,
    keystring: app.keystring,
  };
  const leaks = received.flatMap((entry) =>
    Object.entries(secrets)
      .filter(([, secret]) => entry.body.includes(secret))
      .map(([name]) => `${name} in ${entry.url}`),
  );
  expect(leaks).toEqual([]);
});
