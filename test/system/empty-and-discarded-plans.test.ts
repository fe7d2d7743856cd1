import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callServerAction } from "../harness/server-action";
import { filledShopDashboard } from "../harness/filled-shop-dashboard";
import { sandboxControl } from "../harness/sandbox";

// Every source of a plan (the change dialog, a template, the grid, a health fix, an undo, the import) meets the same
// rule: a plan with nothing to write is not stored, and the seller reads "Nothing to change".

let shop: Awaited<ReturnType<typeof filledShopDashboard>>;

const QUESTION = {
  question_type: "text_input",
  question_text: "Personalization",
  instructions: "Name to engrave",
  required: false,
  max_allowed_characters: 40,
  max_allowed_files: null,
  options: null,
};
const NOTHING = "Nothing to change: every listing is already as asked, so nothing was planned.";

const action = (name: string, args: unknown[]) =>
  callServerAction(`${shop.dashboard.url}/listings`, name, args, shop.cookie);
const plans = async () => (await (await shop.send("/changes")).text()).includes("No changes yet.");
const selected = () => ({ kind: "listings", listingIds: shop.seller.listing_ids });

beforeAll(async () => {
  shop = await filledShopDashboard(3);
  for (const id of shop.seller.listing_ids)
    await sandboxControl(shop.sandbox.url, `/listings/${id}`, { personalization_questions: [QUESTION] }, "PATCH");
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

describe("a plan with nothing to change", () => {
  it("is not stored from the change dialog, nor from a template's question set", async () => {
    for (const change of [
      { kind: "text-limit", limit: 40 },
      {
        kind: "replace-set",
        questions: [
          {
            type: "text_input",
            title: "Personalization",
            instructions: "Name to engrave",
            required: false,
            maxAllowedCharacters: 40,
          },
        ],
      },
    ]) {
      const { result } = await action("planChangeAction", [{ selection: selected(), change }]);
      expect(result).toEqual({ ok: true, data: { planId: null, message: NOTHING } });
    }
    expect(await plans()).toBe(true);
  });

  it("is not stored from the grid's edits that leave every cell as it is", async () => {
    const [id] = shop.seller.listing_ids as [number];
    const stored = (await sandboxControl(shop.sandbox.url, `/listings/${id}`)).body as {
      personalization: { personalization_questions: { question_id: number }[] };
    };
    const edit = {
      listingId: id,
      index: 0,
      questionId: stored.personalization.personalization_questions[0]!.question_id,
      instructions: "Name to engrave",
      limit: "40",
      required: false,
      price: "",
      choices: "",
    };
    const { result } = await action("planGridAction", [{ edits: [edit] }]);
    expect(result).toEqual({ ok: true, data: { planId: null, message: NOTHING } });
    expect(await plans()).toBe(true);
  });

  it("is not stored from a health fix whose listings are already fixed", async () => {
    const { result } = await action("planHealthFixAction", [{ finding: "all-caps", fix: "sentence-case" }]);
    expect(result).toMatchObject({ ok: false, formError: expect.stringMatching(/^Nothing to change: /) });
    expect(await plans()).toBe(true);
  });
});

describe("a discarded plan", () => {
  it("is kept in the history as discarded, and its apply is refused with a sentence", async () => {
    const planned = await action("planChangeAction", [
      { selection: selected(), change: { kind: "text-limit", limit: 60 } },
    ]);
    const { planId } = (planned.result as { data: { planId: string } }).data;
    expect(planId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await action("discardPlanAction", [{ planId }])).result).toEqual({ ok: true, data: null });
    expect((await action("applyPlanAction", [{ planId, reserve: null }])).result).toEqual({
      ok: false,
      formError: "This plan was discarded, so it cannot be applied. Plan the change again from your listings.",
    });
    expect((await action("discardPlanAction", [{ planId }])).result).toEqual({
      ok: false,
      formError: "This plan is already discarded.",
    });
    const history = await (await shop.send("/changes")).text();
    expect(history).toContain("Discarded");
    for (const id of shop.seller.listing_ids) {
      const stored = (await sandboxControl(shop.sandbox.url, `/listings/${id}`)).body as {
        personalization: { personalization_questions: { max_allowed_characters: number }[] };
      };
      expect(stored.personalization.personalization_questions[0]!.max_allowed_characters).toBe(40);
    }
  });
});

describe("an import of a file that leaves listings out", () => {
  it("counts the shop's listings the file has no row for, instead of saying the file matches the shop", async () => {
    const exported = await (await shop.send("/api/changes/export")).text();
    const [left] = shop.seller.listing_ids as [number];
    const lines = exported.split("\r\n").filter((line) => !line.startsWith(`${left},`));
    const response = await shop.send("/api/changes/import", {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: lines.join("\r\n"),
    });
    expect(await response.json()).toMatchObject({
      planId: null,
      message:
        "Every listing in this file is already as it asks, so nothing was planned. The file leaves out 1 listing of your shop, which stays as it is: export again for a file of every listing.",
    });
  });
});
