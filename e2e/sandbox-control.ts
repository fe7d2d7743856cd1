import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { E2E } from "./ports";

/** The sandbox's control API (README "Control API"), as the browser tests use it. */
export async function control<T = unknown>(path: string, body?: unknown, method = body === undefined ? "GET" : "POST"): Promise<T> {
  const response = await fetch(`${E2E.sandboxUrl}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export type TestSeller = { user_id: number; shop_id: number; email: string; password: string; listing_ids: number[] };

export const newSeller = (listings = 3) => control<TestSeller>("/sellers", { listings });

export function dashboardApp(): { keystring: string; shared_secret: string; name: string } {
  return JSON.parse(readFileSync(E2E.appFile, "utf8"));
}

export type LoggedRequest = { id: number; method: string; path: string; status: number; grant_type: string | null; client_auth: string | null; code_verifier: boolean | null; bearer_user: number | null; app: string | null };

export async function requestsSince(id: number) {
  return (await control<{ requests: LoggedRequest[] }>(`/requests?since=${id}`)).requests;
}

export async function lastRequestId() {
  const { requests } = await control<{ requests: LoggedRequest[] }>("/requests");
  return requests.at(-1)?.id ?? 0;
}

/** The whole sign-in: the dashboard's button, the marketplace's sign-in and consent pages, back to the dashboard. */
export async function signIn(page: Page, seller: { email: string; password: string }, options: { from?: string; uncheck?: string[] } = {}) {
  await page.goto(options.from ?? "/sign-in");
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill(seller.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: /Allow .* to access your account/ })).toBeVisible();
  for (const scope of options.uncheck ?? []) await page.getByRole("checkbox", { name: new RegExp(scope) }).uncheck();
  await page.getByRole("button", { name: "Allow access" }).click();
}
