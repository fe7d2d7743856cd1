import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useSeededSandbox } from "../harness/use-sandbox";
import { ADA, callApi, issueLegacyToken, sandboxControl } from "../harness/sandbox";
import { DEMO_APP } from "../../sandbox/store/seed";
import { openDatabase } from "../../lib/db/database";
import { tokenStore } from "../../lib/tokens/token-store";
import { exchangeAndStore } from "../../scripts/exchange-token";

const sandbox = useSeededSandbox();
const config = () => ({
  apiUrl: sandbox.url,
  authUrl: sandbox.url,
  keystring: DEMO_APP.keystring,
  sharedSecret: DEMO_APP.shared_secret,
  timeoutMs: 5000,
  maxRetryWaitMs: 1000,
});

describe("npm run exchange-token", () => {
  it("stores the exchanged tokens with the v2 scopes split as docs/marketplace.md §5.6 says, and they work on v3", async () => {
    const legacy = await issueLegacyToken(sandbox.url, {
      user_id: ADA.user_id,
      scopes: ["listings_r", "listings_w", "shops_rw", "treasury_r"],
    });
    const database = join(mkdtempSync(join(tmpdir(), "exchange-")), "dashboard.db");
    const result = await exchangeAndStore(config(), database, legacy);
    expect(result).toEqual({
      ok: true,
      data: { userId: ADA.user_id, scopes: ["listings_r", "listings_w", "shops_r", "shops_w"] },
    });
    const db = await openDatabase(database);
    const stored = await tokenStore(db).read(ADA.user_id);
    await db.close();
    expect(stored?.accessToken).toMatch(new RegExp(`^${ADA.user_id}\\.`));
    expect(stored?.scopes).toEqual(["listings_r", "listings_w", "shops_r", "shops_w"]);
    const me = await callApi(sandbox.url, "users/me", { token: stored?.accessToken });
    expect(me).toMatchObject({ status: 200, body: { user_id: ADA.user_id, shop_id: ADA.shop_id } });
    const grants = (await sandboxControl(sandbox.url, "/requests")).body.requests.filter(
      (entry: { grant_type: string | null }) => entry.grant_type,
    );
    expect(grants).toEqual([
      expect.objectContaining({ grant_type: "token_exchange", status: 200, client_auth: "none" }),
    ]);
  });

  it("stores nothing and says why when the marketplace refuses the legacy token", async () => {
    const database = join(mkdtempSync(join(tmpdir(), "exchange-")), "dashboard.db");
    const result = await exchangeAndStore(config(), database, "not-a-legacy-token");
    expect(result).toEqual({ ok: false, failure: { kind: "reauth", reason: "legacy_token is invalid" } });
  });

  it("runs as the npm script: stores the tokens, prints the user and scopes, and exits non-zero on a refused token", async () => {
    const legacy = await issueLegacyToken(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r", "shops_rw"] });
    const database = join(mkdtempSync(join(tmpdir(), "exchange-")), "dashboard.db");
    const env = {
      ...process.env,
      MARKETPLACE_API_URL: sandbox.url,
      MARKETPLACE_AUTH_URL: sandbox.url,
      MARKETPLACE_KEYSTRING: DEMO_APP.keystring,
      MARKETPLACE_SHARED_SECRET: DEMO_APP.shared_secret,
      DASHBOARD_DB: database,
      DATABASE_URL: "",
    };
    const run = (token: string) =>
      promisify(execFile)("npm", ["run", "--silent", "exchange-token", "--", token], { env });
    const { stdout } = await run(legacy);
    expect(stdout).toContain(
      `Stored OAuth 2.0 tokens for marketplace user ${ADA.user_id} with scopes: listings_r shops_r shops_w`,
    );
    const db = await openDatabase(database);
    expect((await tokenStore(db).read(ADA.user_id))?.scopes).toEqual(["listings_r", "shops_r", "shops_w"]);
    await db.close();
    await expect(run("not-a-legacy-token")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("legacy_token is invalid"),
    });
  }, 60_000);
});
