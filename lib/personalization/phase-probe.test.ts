import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { ADA, sandboxControl, storedListing } from "../../test/harness/sandbox";
import { openDatabase } from "../db/database";
import { tokenStore, type TokenStore } from "../tokens/token-store";
import { toWrite } from "./schema";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { createPhaseProbe, type PhaseProbe } from "./phase-probe";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";

const sandbox = useSeededSandbox();
const WITH_QUESTION = 1_000_000_001;
const WITHOUT_QUESTION = 1_000_000_002;
const SCOPES = ["listings_r", "listings_w", "shops_r"];

let store: TokenStore;
let client: Marketplace;
let phase: PhaseProbe;

const setPhase = (name: string) => sandboxControl(sandbox.url, "/phase", { phase: name });
const requestCount = async () => ((await sandboxControl(sandbox.url, "/requests")).body.requests as unknown[]).length;

/** The client as lib/marketplace/index.ts wires it: every personalization write's outcome goes to the probe. */
function connect(setting: "single" | "multi" | "auto") {
  phase = createPhaseProbe({ setting });
  client = createMarketplace(
    sandboxMarketplaceConfig(sandbox.url, { onPersonalizationWrite: (write) => phase.noteWrite(write) }),
    store,
  );
}

/** A listing read as lib/listings/read.ts does it: the probe sees what the marketplace returned. */
async function readListing(listingId: number) {
  const result = await client.getListing(ADA.user_id, listingId);
  if (!result.ok) throw new Error(`getListing failed: ${result.failure.kind}`);
  phase.noteListings([result.data]);
  return result.data;
}

const questionSet = {
  personalization_questions: [
    {
      question_type: "text_input",
      question_text: "Name",
      instructions: null,
      required: false,
      max_allowed_characters: 20,
    },
    {
      question_type: "dropdown",
      question_text: "Font",
      instructions: null,
      required: false,
      options: [{ label: "Serif" }, { label: "Script" }],
    },
  ],
};

beforeEach(async () => {
  store = tokenStore(await openDatabase(":memory:"));
  await storeSellerTokens(store, sandbox.url, ADA.user_id, SCOPES);
  connect("auto");
  await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
});

describe("MARKETPLACE_PERSONALIZATION=auto: the period learnt from the marketplace's answers", () => {
  it("is today's (several questions) before any answer, without asking anything", async () => {
    expect(await phase.current()).toBe("multi");
    expect(await requestCount()).toBe(0);
  });

  it("is single while listings carry the legacy fields, and several questions once they are gone", async () => {
    await readListing(WITH_QUESTION);
    expect(await phase.current()).toBe("single");
    await setPhase("webhooks");
    await readListing(WITH_QUESTION);
    expect(await phase.current()).toBe("multi");
  });

  it("takes a refused write of several questions as the end of that period, until a listing shows several questions", async () => {
    await setPhase("post-deprecation");
    const refused = await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, WITHOUT_QUESTION, questionSet, {
      multipleQuestions: true,
    });
    expect(refused).toMatchObject({ ok: false, failure: { kind: "invalid" } });
    expect(await phase.current()).toBe("single");
    await readListing(WITH_QUESTION);
    expect(await phase.current()).toBe("single");

    await setPhase("multi-question");
    await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, WITHOUT_QUESTION, questionSet, {
      multipleQuestions: true,
    });
    await readListing(WITHOUT_QUESTION);
    expect(await phase.current()).toBe("multi");
  });

  it("after such a refusal and a return of the legacy fields, takes their absence as today's period again", async () => {
    await setPhase("migration");
    await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, WITHOUT_QUESTION, questionSet, {
      multipleQuestions: true,
    });
    await readListing(WITH_QUESTION);
    expect(await phase.current()).toBe("single");
    await setPhase("webhooks");
    await readListing(WITH_QUESTION);
    expect(await phase.current()).toBe("multi");
  });

  it("takes a single-question write refused with 409 as the multi-question period", async () => {
    await setPhase("multi-question");
    await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, WITHOUT_QUESTION, questionSet, {
      multipleQuestions: true,
    });
    await setPhase("migration");
    await readListing(WITH_QUESTION);
    expect(await phase.current()).toBe("single");
    await setPhase("multi-question");
    const single = toWrite({ instructions: "Gift note", maxAllowedCharacters: 100, required: false });
    const refused = await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, WITHOUT_QUESTION, single);
    expect(refused).toMatchObject({ ok: false, failure: { kind: "conflict" } });
    expect(await phase.current()).toBe("multi");
  });
});

describe("MARKETPLACE_PERSONALIZATION=single or multi", () => {
  it("holds whatever the marketplace answers", async () => {
    for (const setting of ["single", "multi"] as const) {
      connect(setting);
      await readListing(WITH_QUESTION);
      await setPhase("webhooks");
      await readListing(WITH_QUESTION);
      expect(await phase.current()).toBe(setting);
      await setPhase("migration");
    }
  });
});

describe("updateListingPersonalization in the multi-question phase", () => {
  beforeEach(() => setPhase("multi-question"));

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
