import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_SELLERS } from "./store/seed.js";
import {
  ADA,
  apiKeyOf,
  callApi,
  createSeller,
  issueTokensFor,
  obtainTokensInBrowser,
  registerApp,
  requestToken,
  startTestSandbox,
  storedListing,
  textQuestion,
  writeAdaQuestions,
} from "../test/harness/sandbox.js";

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-persistence-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const QUESTION = textQuestion({ instructions: "Kept across restarts", required: false, max_allowed_characters: 42 });

describe("state in a database file survives a restart", () => {
  it("keeps personalization, apps, sellers and live tokens, and does not seed twice", async () => {
    const db = join(dir, "sandbox.db");
    const first = await startTestSandbox({ db });
    let saved: { appKey: string; sellerId: number; accessToken: string };
    try {
      const app = await registerApp(first.url, { redirect_uris: ["https://www.example.com/cb"] });
      const seller = await createSeller(first.url, { email: "restart@example.com", listings: 2 });
      const token = (await issueTokensFor(first.url, { user_id: ADA.user_id, scopes: ["listings_w"] })).access_token;
      const written = await writeAdaQuestions(first.url, token, 1_000_000_002, [QUESTION]);
      expect(written.status).toBe(201);
      const tokens = await obtainTokensInBrowser(first.url, { seller: DEMO_SELLERS.dee, params: { scope: "shops_r" } });
      saved = { appKey: apiKeyOf(app), sellerId: seller.user_id, accessToken: tokens.access_token };
    } finally {
      await first.close();
    }

    const second = await startTestSandbox({ db });
    try {
      const listing = await storedListing(second.url, 1_000_000_002);
      expect(listing.is_personalizable).toBe(true);
      expect(listing.personalization.personalization_questions).toEqual([expect.objectContaining(QUESTION)]);
      expect((await callApi(second.url, "openapi-ping", { apiKey: saved.appKey })).status).toBe(200);
      expect((await callApi(second.url, `users/${saved.sellerId}/shops`)).status).toBe(200);
      const me = await callApi(second.url, "users/me", { token: saved.accessToken });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({ user_id: DEMO_SELLERS.dee.user_id, shop_id: DEMO_SELLERS.dee.shop_id });
      expect(second.state.db.prepare("SELECT COUNT(*) FROM apps").pluck().get()).toBe(2);
      expect(second.state.db.prepare("SELECT COUNT(*) FROM listings WHERE shop_id = ?").pluck().get(ADA.shop_id)).toBe(
        30,
      );
    } finally {
      await second.close();
    }
  });

  it("keeps the refresh token of a browser sign-in usable after a restart", async () => {
    const db = join(dir, "sandbox.db");
    const first = await startTestSandbox({ db });
    const tokens = await obtainTokensInBrowser(first.url).finally(() => first.close());
    const second = await startTestSandbox({ db });
    try {
      const refreshed = await requestToken(second.url, {
        grant_type: "refresh_token",
        client_id: DEMO_APP.keystring,
        refresh_token: tokens.refresh_token,
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.scope).toBe("listings_r listings_w shops_r");
    } finally {
      await second.close();
    }
  });
});
