import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server.js";
import {
  ADA,
  callApi,
  http,
  issueTokensFor,
  jsonInit,
  sandboxControl,
  startTestSandbox,
  storedListing,
} from "../test/harness/sandbox.js";

// docs/sandbox.md: the seller's edit in Shop Manager applies the live rules of the sandbox's date, the API's own.

const LISTING = 1_000_000_001;
const INSTRUCTIONS_147 = `Enter the name to engrave, ${"a".repeat(120)}`;
const QUESTION = {
  question_type: "text_input",
  question_text: "Personalization",
  instructions: INSTRUCTIONS_147,
  required: true,
  max_allowed_characters: 20,
};

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ phase: undefined });
});
afterAll(() => sandbox.close());

async function datedWorld(base: string, date: string) {
  expect((await sandboxControl(base, "/phase", { phase: null })).status).toBe(200);
  const clock = await sandboxControl(base, "/clock", { at: date });
  expect(clock.status, clock.text).toBe(200);
  const { access_token } = await issueTokensFor(base, { user_id: ADA.user_id, scopes: ["listings_w"] });
  return access_token;
}

const apiWrite = (base: string, token: string, query = "") =>
  callApi(base, `shops/${ADA.shop_id}/listings/${LISTING}/personalization${query}`, {
    token,
    json: { personalization_questions: [QUESTION] },
  });

const shopManagerEdit = (base: string) =>
  http(`${base}/__sandbox/listings/${LISTING}`, jsonInit("PATCH", { personalization_questions: [QUESTION] }));

async function spaceBase() {
  const created = await sandboxControl(sandbox.url, "/spaces", {});
  expect(created.status, created.text).toBe(201);
  return created.body.base_url as string;
}

describe("the Shop Manager edit holds questions to the rules of the sandbox's date, as the API does", () => {
  for (const where of ["the default world", "a space"]) {
    it(`in ${where}, takes 147-character instructions on 2026-05-10 and refuses them from 2026-05-11`, async () => {
      const base = where === "a space" ? await spaceBase() : sandbox.url;
      const token = await datedWorld(base, "2026-05-10");
      expect((await apiWrite(base, token)).status).toBe(201);
      const edited = await shopManagerEdit(base);
      expect(edited.status, edited.text).toBe(200);
      expect((await storedListing(base, LISTING)).personalization.personalization_questions[0].instructions).toBe(
        INSTRUCTIONS_147,
      );

      const nextDayToken = await datedWorld(base, "2026-05-11");
      const refused = await shopManagerEdit(base);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain("must be at most 120 characters");
      const apiRefused = await apiWrite(base, nextDayToken, "?supports_multiple_personalization_questions=true");
      expect(apiRefused.status).toBe(400);
      expect(apiRefused.body.error).toBe(refused.body.error);
    });
  }
});
