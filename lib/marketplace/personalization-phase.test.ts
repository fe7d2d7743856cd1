import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { ADA, issueTokensFor, sandboxControl, storedListing } from "../../test/harness/sandbox";
import { DEMO_APP } from "../../sandbox/store/seed";
import { openDatabase } from "../db/database";
import { tokenStore, type TokenStore } from "../auth/token-store";
import { toQuestionSetWrite, newQuestionDraft } from "../personalization/question-set";
import { toWrite } from "../personalization/schema";
import { createMarketplace, type Marketplace } from "./client";
import { createPhaseProbe } from "./personalization-phase";

const sandbox = useSeededSandbox();
const CAPABILITIES = "/v3/application/personalization-capabilities";
const WITHOUT_QUESTION = 1_000_000_002;
const SCOPES = ["listings_r", "listings_w", "shops_r"];

let store: TokenStore;
let client: Marketplace;
let clock: number;

const setPhase = (phase: string) => sandboxControl(sandbox.url, "/phase", { phase });
const capabilityReads = async () =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as { path: string }[]).filter(
    (entry) => entry.path === CAPABILITIES,
  ).length;
const probe = (setting: "single" | "multi" | "auto") =>
  createPhaseProbe({ setting, cacheMs: 30_000, ask: () => client.getPersonalizationCapabilities(), now: () => clock });

beforeEach(async () => {
  store = tokenStore(await openDatabase(":memory:"));
  client = createMarketplace(
    {
      apiUrl: sandbox.url,
      authUrl: sandbox.url,
      keystring: DEMO_APP.keystring,
      sharedSecret: DEMO_APP.shared_secret,
      timeoutMs: 2000,
      maxRetryWaitMs: 2000,
    },
    store,
  );
  clock = 1_000_000;
  await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
});

describe("MARKETPLACE_PERSONALIZATION=auto", () => {
  it("asks the marketplace with the API key alone, and keeps the answer for the cache time", async () => {
    const phase = probe("auto");
    expect(await phase.current()).toBe("single");
    await setPhase("multi-question");
    expect(await phase.current()).toBe("single");
    expect(await capabilityReads()).toBe(1);
    clock += 30_001;
    expect(await phase.current()).toBe("multi");
    expect(await capabilityReads()).toBe(2);
    const [read] = (
      (await sandboxControl(sandbox.url, "/requests")).body.requests as {
        path: string;
        api_key: boolean;
        bearer_user: number | null;
      }[]
    ).filter((entry) => entry.path === CAPABILITIES);
    expect(read).toMatchObject({ api_key: true, bearer_user: null });
  });

  it("asks again after forget(), when a refused write suggests the phase changed", async () => {
    const phase = probe("auto");
    await setPhase("multi-question");
    expect(await phase.current()).toBe("multi");
    await setPhase("migration");
    phase.forget();
    expect(await phase.current()).toBe("single");
  });

  it("against a marketplace without the read, means single until a listing shows several questions or a new type", async () => {
    await sandboxControl(sandbox.url, "/faults", { path: CAPABILITIES, status: 404, times: 10 });
    const phase = probe("auto");
    expect(await phase.current()).toBe("single");
    phase.noteListings([{ questions: [{ type: "text_input", title: "Personalization" }] }, { questions: [] }]);
    expect(await phase.current()).toBe("single");
    phase.noteListings([{ questions: [{ type: "dropdown", title: "Font" }] }]);
    expect(await phase.current()).toBe("multi");
  });

  it("keeps its last answer while the marketplace is unavailable", async () => {
    const phase = probe("auto");
    await setPhase("multi-question");
    expect(await phase.current()).toBe("multi");
    await sandboxControl(sandbox.url, "/faults", { path: CAPABILITIES, status: 503, times: 10 });
    clock += 60_000;
    expect(await phase.current()).toBe("multi");
  });
});

describe("MARKETPLACE_PERSONALIZATION=single or multi", () => {
  it("never asks the marketplace", async () => {
    await setPhase("multi-question");
    expect(await probe("single").current()).toBe("single");
    expect(await probe("multi").current()).toBe("multi");
    expect(await capabilityReads()).toBe(0);
  });
});

describe("updateListingPersonalization in the multi-question phase", () => {
  beforeEach(async () => {
    const tokens = await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: SCOPES });
    await store.save({
      userId: ADA.user_id,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      accessExpiresAt: Date.now() + 3_600_000,
      scopes: SCOPES,
    });
    await setPhase("multi-question");
  });

  const questionSet = toQuestionSetWrite([
    { ...newQuestionDraft("text_input"), title: "Name", maxAllowedCharacters: 20 },
    { ...newQuestionDraft("dropdown"), title: "Font", options: [{ label: "Serif" }, { label: "Script" }] },
  ]);

  it("sends supports_multiple_personalization_questions=true when asked, and the sandbox stores the whole set", async () => {
    const written = await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, WITHOUT_QUESTION, questionSet, {
      multipleQuestions: true,
    });
    expect(written).toMatchObject({
      ok: true,
      data: [
        { type: "text_input", title: "Name" },
        { type: "dropdown", title: "Font", options: ["Serif", "Script"] },
      ],
    });
    const stored = await storedListing(sandbox.url, WITHOUT_QUESTION);
    expect(
      stored.personalization.personalization_questions.map(
        (question: { question_text: string }) => question.question_text,
      ),
    ).toEqual(["Name", "Font"]);
  });

  it("without the flag, a single question over several is refused with 409 (conflict) and nothing changes", async () => {
    await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, WITHOUT_QUESTION, questionSet, {
      multipleQuestions: true,
    });
    const single = toWrite({ instructions: "Gift note", maxAllowedCharacters: 100, required: false });
    const refused = await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, WITHOUT_QUESTION, single);
    expect(refused).toMatchObject({ ok: false, failure: { kind: "conflict" } });
    const stored = await storedListing(sandbox.url, WITHOUT_QUESTION);
    expect(stored.personalization.personalization_questions).toHaveLength(2);
  });
});
