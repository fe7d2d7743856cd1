import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// lib/env.ts validates once per process: each case loads it afresh.
const BASE = {
  MARKETPLACE_API_URL: "https://api.marketplace.example",
  MARKETPLACE_AUTH_URL: "https://www.marketplace.example",
  MARKETPLACE_KEYSTRING: "keystring",
  MARKETPLACE_SHARED_SECRET: "secret",
};

const saved = { ...process.env };
beforeEach(() => {
  vi.resetModules();
  Object.assign(process.env, BASE);
  delete process.env.MARKETPLACE_PERSONALIZATION;
  delete process.env.MARKETPLACE_PERSONALIZATION_CACHE_SECONDS;
});
afterEach(() => {
  process.env = { ...saved };
});

const load = async () => (await import("./env")).env();

describe("MARKETPLACE_PERSONALIZATION", () => {
  it("is multi by default, the marketplace of today", async () => {
    expect(await load()).toMatchObject({
      MARKETPLACE_PERSONALIZATION: "multi",
      MARKETPLACE_PERSONALIZATION_CACHE_SECONDS: 30,
    });
  });

  it("takes single and multi", async () => {
    process.env.MARKETPLACE_PERSONALIZATION = "multi";
    process.env.MARKETPLACE_PERSONALIZATION_CACHE_SECONDS = "0";
    expect(await load()).toMatchObject({
      MARKETPLACE_PERSONALIZATION: "multi",
      MARKETPLACE_PERSONALIZATION_CACHE_SECONDS: 0,
    });
  });

  it("refuses anything else at start-up with a message that names the setting and its values", async () => {
    process.env.MARKETPLACE_PERSONALIZATION = "several";
    process.env.MARKETPLACE_PERSONALIZATION_CACHE_SECONDS = "-5";
    const refused = load();
    await expect(refused).rejects.toThrow(
      "MARKETPLACE_PERSONALIZATION must be multi (up to five questions of every type; the default), single (one text question) or auto (learn it from the marketplace's answers)",
    );
    await expect(refused).rejects.toThrow(
      "MARKETPLACE_PERSONALIZATION_CACHE_SECONDS must be a whole number of seconds (0 or more), e.g. 30",
    );
  });
});
