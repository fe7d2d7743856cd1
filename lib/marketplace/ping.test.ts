import { describe, expect, it } from "vitest";
import { freePort } from "../../test/harness/dashboard-process";
import { sandboxMarketplaceConfig } from "../../test/harness/seller-marketplace";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { checkApiKey } from "./ping";

const sandbox = useSeededSandbox();

describe("the API key's check (the marketplace's ping)", () => {
  it("passes with the app's registered keystring and shared secret", async () => {
    expect(await checkApiKey(sandboxMarketplaceConfig(sandbox.url))).toMatchObject({ ok: true });
  });

  it("says the marketplace does not recognise a keystring it does not know, without the key", async () => {
    const config = sandboxMarketplaceConfig(sandbox.url, { keystring: "unknownkeystring0000000" });
    const check = await checkApiKey(config);
    expect(check.ok).toBe(false);
    const reason = check.ok ? "" : check.reason;
    expect(reason).toMatch(/does not recognise the app's API key \(401\)/);
    expect(reason).toMatch(/MARKETPLACE_KEYSTRING/);
    expect(reason).not.toContain(config.keystring);
    expect(reason).not.toContain(config.sharedSecret);
  });

  it("says the shared secret is wrong when the keystring is known, without the secret", async () => {
    const config = sandboxMarketplaceConfig(sandbox.url, { sharedSecret: "not-the-apps-shared-secret" });
    const check = await checkApiKey(config);
    const reason = check.ok ? "" : check.reason;
    expect(reason).toMatch(/refused the app's shared secret \(403\)/);
    expect(reason).toMatch(/MARKETPLACE_SHARED_SECRET/);
    expect(reason).not.toContain(config.sharedSecret);
    expect(reason).not.toContain(config.keystring);
  });

  it("says nothing answers at a host whose port is closed", async () => {
    const port = await freePort();
    const check = await checkApiKey(sandboxMarketplaceConfig(`http://localhost:${port}`));
    expect(check).toEqual({
      ok: false,
      reason: `The marketplace's ping failed: nothing answers at http://localhost:${port}. Check MARKETPLACE_API_URL and that this server can reach the marketplace.`,
    });
  });
});
