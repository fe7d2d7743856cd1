import { expect, test } from "@playwright/test";
import { lastRequestId, newSeller, requestsSince, signInThroughPages } from "./sandbox-control";

test("a seller signs in through the marketplace and is greeted with their shop's name", async ({ page }) => {
  const seller = await newSeller(2);
  const before = await lastRequestId();
  const connect = page.waitForRequest(/\/oauth\/connect/);
  await signInThroughPages(page, seller);
  const url = new URL((await connect).url());
  expect(url.searchParams.get("response_type")).toBe("code");
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(url.searchParams.get("state")).toBeTruthy();
  expect(url.searchParams.get("scope")).toBe("listings_r listings_w shops_r transactions_r transactions_w");
  await expect(page).toHaveURL(/\/listings/);
  await expect(page.getByRole("heading", { name: `Welcome, TestShop${seller.user_id}` })).toBeVisible();

  const grants = (await requestsSince(before)).filter((entry) => entry.path === "/v3/public/oauth/token");
  expect(grants).toHaveLength(1);
  expect(grants[0]).toMatchObject({
    status: 200,
    grant_type: "authorization_code",
    client_auth: "none",
    code_verifier: true,
  });
});

test("denying access on the consent page leaves the seller signed out with a clear message", async ({ page }) => {
  const seller = await newSeller(1);
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill(seller.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByText("You chose not to allow access")).toBeVisible();
  const session = await page.request.get("/api/auth/session");
  expect(await session.json()).toBeNull();
});
