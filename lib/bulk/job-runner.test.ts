import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import {
  createSeller,
  issueTokensFor,
  sandboxControl,
  storedListing,
  type CreatedSeller,
} from "../../test/harness/sandbox";
import { DEMO_APP } from "../../sandbox/store/seed";
import { openDatabase, type Database } from "../db/database";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../test/harness/throwaway-postgres";
import { tokenStore } from "../auth/token-store";
import { historyStore } from "../history/history-store";
import { writeSnapshot } from "../history/recorded-write";
import { createMarketplace } from "../marketplace/client";
import type { MarketplaceConfig } from "../marketplace/config";
import { NO_PERSONALIZATION, type Snapshot } from "../personalization/snapshot";
import { snapshotOfForm, snapshotOfQuestionSet } from "../personalization/snapshot-codec";
import type { PersonalizationPhase } from "../marketplace/personalization-phase";
import { createJobRunner, type JobRunner, type RunnerOptions } from "./job-runner";
import { jobStore, type NewJob } from "./job-store";
import {
  sandboxMarketplaceConfig,
  storeSellerTokens,
  textQuestions,
  storeQuestions,
} from "../../test/harness/seller-marketplace";

const sandbox = useSeededSandbox();
const SCOPES = ["listings_r", "listings_w", "shops_r"];
const ENGRAVE = snapshotOfForm({ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true });
const FAST: Partial<RunnerOptions> = { idleMs: 20, backoffMs: () => 20 };

type Logged = { method: string; path: string; status: number };
const log = async (): Promise<Logged[]> => (await sandboxControl(sandbox.url, "/requests")).body.requests;
const writesTo = async (listingId: number) =>
  (await log()).filter(
    (entry) => entry.method !== "GET" && entry.path.endsWith(`/listings/${listingId}/personalization`),
  );
const fault = (body: Record<string, unknown>) => sandboxControl(sandbox.url, "/faults", body);
// What buyers are asked, without the marketplace's ids (question_id, option_id) or an add-on price of none.
const IDS = new Set(["question_id", "option_id"]);
const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value !== null && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key, field]) => !IDS.has(key) && !(key === "add_on_price" && field === null))
            .map(([key, field]) => [key, withoutIds(field)]),
        )
      : value;
const questionsOf = async (listingId: number) =>
  withoutIds((await storedListing(sandbox.url, listingId)).personalization.personalization_questions);

async function putQuestion(
  seller: CreatedSeller,
  listingId: number,
  question: { instructions: string | null; required: boolean; max_allowed_characters: number },
) {
  const response = await fetch(
    `${sandbox.url}/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization`,
    {
      method: "POST",
      headers: {
        "x-api-key": `${DEMO_APP.keystring}:${DEMO_APP.shared_secret}`,
        authorization: `Bearer ${(await issueTokensFor(sandbox.url, { user_id: seller.user_id, scopes: SCOPES })).access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        personalization_questions: [{ question_type: "text_input", question_text: "Personalization", ...question }],
      }),
    },
  );
  if (response.status !== 201) throw new Error(`putQuestion answered ${response.status}`);
}

let postgres: ThrowawayPostgres;
let folder: string;
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  folder = mkdtempSync(join(tmpdir(), "bulk-"));
});
afterAll(async () => {
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe.each([
  ["SQLite", () => join(folder, `dashboard-${Date.now()}-${Math.random()}.db`)],
  ["PostgreSQL", () => postgres.url],
])("bulk job runner on %s", (_engine, location) => {
  let where: string;
  let databases: Database[];
  let runners: JobRunner[];
  let config: MarketplaceConfig;
  let seller: CreatedSeller;

  async function open() {
    const db = await openDatabase(where);
    databases.push(db);
    return db;
  }

  /** A runner in a process of its own: its own connection to the same database. */
  async function runner(options: Partial<RunnerOptions> = {}, phase?: () => Promise<PersonalizationPhase>) {
    const db = await open();
    const created = createJobRunner({ db, config, store: tokenStore(db), phase }, { ...FAST, ...options });
    runners.push(created);
    return { runner: created, db };
  }

  async function newJob(db: Database, job: Omit<NewJob, "userId" | "shopId">) {
    return jobStore(db).create({ userId: seller.user_id, shopId: seller.shop_id as number, ...job });
  }

  async function finished(db: Database, jobId: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await jobStore(db).find(jobId);
      if (job?.status === "finished") return jobStore(db).counts(jobId);
      if (Date.now() > deadline)
        throw new Error(`job ${jobId} still ${job?.status} with ${JSON.stringify(await jobStore(db).counts(jobId))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const items = (ids: number[], target?: (id: number) => Snapshot) =>
    ids.map((listingId) => ({ listingId, target: target?.(listingId) }));

  beforeEach(async () => {
    where = location();
    databases = [];
    runners = [];
    config = sandboxMarketplaceConfig(sandbox.url);
    const db = await open();
    for (const table of ["bulk_job_items", "bulk_jobs", "bulk_pacer", "personalization_history", "seller_tokens"])
      await db.execute(`DELETE FROM ${table}`);
    seller = await createSeller(sandbox.url, { listings: 40 });
    await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, SCOPES);
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
  });

  afterEach(async () => {
    await Promise.all(runners.map((each) => each.stop()));
    await Promise.all(databases.map((db) => db.close()));
  });

  it("applies one question to every listing, keeps what each one asked before, and leaves alike ones alone", async () => {
    const ids = seller.listing_ids.slice(0, 6);
    await putQuestion(seller, ids[0]!, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
    await putQuestion(seller, ids[1]!, { instructions: "Name to engrave", required: true, max_allowed_characters: 20 });
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
    const { runner: bulk, db } = await runner();
    const jobId = await newJob(db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    bulk.start();

    expect(await finished(db, jobId)).toMatchObject({
      total: 6,
      done: 5,
      unchanged: 1,
      failed: 0,
      skipped: 0,
      pending: 0,
    });
    for (const id of ids)
      expect(await questionsOf(id)).toEqual([
        {
          question_type: "text_input",
          question_text: "Personalization",
          instructions: "Name to engrave",
          required: true,
          max_allowed_characters: 20,
          max_allowed_files: null,
          options: null,
        },
      ]);
    expect(await writesTo(ids[1]!)).toEqual([]);
    const [kept] = await historyStore(db).list(seller.shop_id as number, ids[0]!);
    expect(kept).toMatchObject({
      action: "bulk-apply",
      jobId,
      previous: { questions: [{ instructions: "Gift note", required: false, maxAllowedCharacters: 200 }] },
    });
    expect(await historyStore(db).list(seller.shop_id as number, ids[2]!)).toMatchObject([
      { action: "bulk-apply", previous: NO_PERSONALIZATION },
    ]);
  });

  it("skips a listing whose questions the single-question editor cannot show, and never writes to it", async () => {
    const [plain, several] = seller.listing_ids as [number, number];
    const two = textQuestions(2);
    storeQuestions(sandbox, several, two);
    const { runner: bulk, db } = await runner();
    const jobId = await newJob(db, { kind: "remove", target: NO_PERSONALIZATION, items: items([plain, several]) });
    bulk.start();

    expect(await finished(db, jobId)).toMatchObject({ unchanged: 1, skipped: 1 });
    const view = await jobStore(db).view((await jobStore(db).find(jobId))!, 5);
    expect(view.items.find((item) => item.listingId === several)?.reason).toBe(
      "This listing asks buyers 2 questions that this dashboard cannot show, so it was left as it is to keep what buyers are asked. Change it on the marketplace.",
    );
    expect(await questionsOf(several)).toHaveLength(2);
    expect(await writesTo(several)).toEqual([]);
  });

  it("resumes after a restart: a new runner over the same database takes over, writing each listing once", async () => {
    const ids = seller.listing_ids.slice(0, 30);
    const first = await runner({ leaseMs: 400 });
    const jobId = await newJob(first.db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    expect(await first.runner.runOnce()).toBeGreaterThan(0);
    // The first process dies holding a lease on its next batch.
    await jobStore(first.db).claim("runner-that-died", Date.now(), 400, 5);
    const progress = await jobStore(first.db).counts(jobId);
    expect(progress.done).toBeGreaterThan(0);
    expect(progress.pending).toBeGreaterThan(5);

    const second = await runner({ leaseMs: 400 });
    second.runner.start();
    expect(await finished(second.db, jobId)).toMatchObject({ total: 30, done: 30 });
    for (const id of ids) expect(await writesTo(id)).toHaveLength(1);
  });

  it("a runner that dies between a write and its record leaves the listing counted as changed, and undo still restores it", async () => {
    const [gifted, plain] = seller.listing_ids as [number, number];
    await putQuestion(seller, gifted, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
    const dying = await runner({ leaseMs: 300 });
    const jobs = jobStore(dying.db);
    const jobId = await newJob(dying.db, { kind: "apply", target: ENGRAVE, items: items([gifted, plain]) });
    const claim = await jobs.claim("runner-that-died", Date.now(), 300, 1);
    const gift = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });
    expect(await jobs.hold(claim!.items[0]!, "runner-that-died", Date.now() + 300, gift)).toBe(true);
    const marketplace = createMarketplace(config, tokenStore(dying.db));
    expect(
      (await writeSnapshot(marketplace, { userId: seller.user_id, shopId: seller.shop_id as number }, gifted, ENGRAVE))
        .ok,
    ).toBe(true);

    const next = await runner({ leaseMs: 300 });
    next.runner.start();
    expect(await finished(next.db, jobId)).toMatchObject({ done: 2 });
    expect(await writesTo(gifted)).toHaveLength(2);
    const undo = await jobStore(next.db).undo((await jobStore(next.db).find(jobId))!, seller.user_id);
    expect(await finished(next.db, undo!)).toMatchObject({ done: 2 });
    expect(await questionsOf(gifted)).toMatchObject([
      { instructions: "Gift note", required: false, max_allowed_characters: 200 },
    ]);
    expect(await questionsOf(plain)).toEqual([]);
  });

  it("never writes to a listing of another shop slipped into a job", async () => {
    const other = await createSeller(sandbox.url, { listings: 1 });
    const theirs = other.listing_ids[0]!;
    const { runner: bulk, db } = await runner();
    const jobId = await newJob(db, {
      kind: "remove",
      target: NO_PERSONALIZATION,
      items: items([theirs, seller.listing_ids[0]!]),
    });
    bulk.start();
    expect(await finished(db, jobId)).toMatchObject({ failed: 1, unchanged: 1 });
    const view = await jobStore(db).view((await jobStore(db).find(jobId))!, 5);
    expect(view.items.find((item) => item.listingId === theirs)?.reason).toBe(
      "This listing no longer exists on the marketplace or is no longer in your shop, so it was not changed.",
    );
    expect(await writesTo(theirs)).toEqual([]);
  });

  it("two instances on one database never write the same listing twice", async () => {
    const ids = seller.listing_ids.slice(0, 40);
    const one = await runner({ concurrency: 2 });
    const two = await runner({ concurrency: 2 });
    const jobId = await newJob(one.db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    one.runner.start();
    two.runner.start();
    expect(await finished(one.db, jobId)).toMatchObject({ done: 40 });
    for (const id of ids) expect(await writesTo(id)).toHaveLength(1);
  });

  it("paces itself to the limit the marketplace reports: no 429 reaches the seller and the job finishes", async () => {
    await sandboxControl(sandbox.url, "/rate-limits", {
      keystring: DEMO_APP.keystring,
      per_second: 4,
      per_day: 100_000,
    });
    const ids = seller.listing_ids.slice(0, 12);
    const { runner: bulk, db } = await runner();
    const jobId = await newJob(db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    const started = Date.now();
    bulk.start();

    expect(await finished(db, jobId, 20_000)).toMatchObject({ done: 12, failed: 0 });
    const requests = await log();
    expect(requests.filter((entry) => entry.status === 429)).toEqual([]);
    // At least 12 writes and 1 read at 4 a second.
    expect(Date.now() - started).toBeGreaterThan(2500);
    expect(bulk.pacer.perSecond()).toBe(4);
  });

  it("reports a listing that keeps failing with its reason, and retries it alone", async () => {
    const ids = seller.listing_ids.slice(0, 4);
    const broken = ids[2]!;
    await fault({
      method: "POST",
      path: `/v3/application/shops/${seller.shop_id}/listings/${broken}/personalization`,
      status: 500,
      times: 100,
    });
    const { runner: bulk, db } = await runner({ maxAttempts: 2 });
    const jobId = await newJob(db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    bulk.start();

    expect(await finished(db, jobId)).toMatchObject({ done: 3, failed: 1 });
    const view = await jobStore(db).view((await jobStore(db).find(jobId))!, 5);
    expect(view.items.filter((item) => item.status !== "done")).toEqual([
      {
        listingId: broken,
        title: "Test listing 3",
        status: "failed",
        reason: "The marketplace did not answer (error 500, tried 2 times). Retry this listing in a few minutes.",
      },
    ]);
    expect((await writesTo(broken)).map((entry) => entry.status)).toEqual([500, 500]);

    await sandboxControl(sandbox.url, "/faults", undefined, "DELETE");
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
    expect(
      await jobStore(db).retryItems(jobId, seller.shop_id as number, { status: "failed", listingId: broken }),
    ).toBe(1);
    bulk.wake();
    expect(await finished(db, jobId)).toMatchObject({ done: 4, failed: 0 });
    expect(
      (await log())
        .filter((entry) => entry.method !== "GET")
        .map((entry) => `${entry.method} ${entry.path} ${entry.status}`),
    ).toEqual([`POST /v3/application/shops/${seller.shop_id}/listings/${broken}/personalization 201`]);
  });

  it("retries every failed listing of a job in one go, leaving the ones already done alone", async () => {
    const ids = seller.listing_ids.slice(0, 6);
    const broken = ids.slice(1, 4);
    for (const listingId of broken)
      await fault({
        method: "POST",
        path: `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization`,
        status: 503,
        times: 2,
      });
    const { runner: bulk, db } = await runner({ maxAttempts: 2 });
    const jobId = await newJob(db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    bulk.start();
    expect(await finished(db, jobId)).toMatchObject({ done: 3, failed: 3 });
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");

    expect(await jobStore(db).retryItems(jobId, seller.shop_id as number, { status: "failed" })).toBe(3);
    expect(await jobStore(db).retryItems(jobId, (seller.shop_id as number) + 1, { status: "failed" })).toBe(0);
    bulk.wake();
    expect(await finished(db, jobId)).toMatchObject({ done: 6, failed: 0 });
    const written = (await log()).filter((entry) => entry.method !== "GET").map((entry) => entry.path);
    expect(written.sort()).toEqual(
      broken.map((listingId) => `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization`).sort(),
    );
    for (const listingId of ids)
      expect(await questionsOf(listingId)).toMatchObject([{ instructions: "Name to engrave" }]);
  });

  it("undoes a whole job: every listing gets back exactly what it had before", async () => {
    const ids = seller.listing_ids.slice(0, 5);
    await putQuestion(seller, ids[0]!, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
    await putQuestion(seller, ids[1]!, { instructions: "Initials", required: true, max_allowed_characters: 3 });
    await putQuestion(seller, ids[2]!, { instructions: null, required: false, max_allowed_characters: 50 });
    const before = await Promise.all(ids.map((id) => storedListing(sandbox.url, id)));
    const { runner: bulk, db } = await runner();
    const jobs = jobStore(db);
    const applied = await newJob(db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    bulk.start();
    expect(await finished(db, applied)).toMatchObject({ done: 5 });

    const undo = await jobs.undo((await jobs.find(applied))!, seller.user_id);
    expect(undo).toBeDefined();
    bulk.wake();
    expect(await finished(db, undo!)).toMatchObject({ total: 5, done: 5 });
    const after = await Promise.all(ids.map((id) => storedListing(sandbox.url, id)));
    const personalization = (listing: Awaited<ReturnType<typeof storedListing>>) => ({
      is_personalizable: listing.is_personalizable,
      legacy: [
        listing.personalization_is_required,
        listing.personalization_char_count_max,
        listing.personalization_instructions,
      ],
      questions: listing.personalization.personalization_questions.map(
        ({ question_id: _id, ...question }: Record<string, unknown>) => question,
      ),
    });
    expect(after.map(personalization)).toEqual(before.map(personalization));
    expect(await jobs.undoneBy(applied)).toBe(undo);
    expect(await historyStore(db).list(seller.shop_id as number, ids[3]!)).toMatchObject([
      { action: "bulk-undo", jobId: undo, previous: ENGRAVE },
      { action: "bulk-apply", jobId: applied },
    ]);
  });

  it("an undo skips a listing changed since the bulk change, with the reason, and leaves it as it is", async () => {
    const ids = seller.listing_ids.slice(0, 2);
    const { runner: bulk, db } = await runner();
    const jobs = jobStore(db);
    const applied = await newJob(db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    bulk.start();
    expect(await finished(db, applied)).toMatchObject({ done: 2 });
    await putQuestion(seller, ids[1]!, { instructions: "Changed since", required: false, max_allowed_characters: 40 });

    const undo = await jobs.undo((await jobs.find(applied))!, seller.user_id);
    bulk.wake();
    expect(await finished(db, undo!)).toMatchObject({ done: 1, skipped: 1 });
    expect(await questionsOf(ids[0]!)).toEqual([]);
    expect(await questionsOf(ids[1]!)).toMatchObject([{ instructions: "Changed since" }]);
  });

  it("in the multi-question period applies a whole question set with the flag, over several questions too, and undoes it", async () => {
    await sandboxControl(sandbox.url, "/phase", { phase: "multi-question" });
    try {
      const [plain, several, text] = seller.listing_ids as [number, number, number];
      const two = [
        {
          question_id: 1,
          question_type: "unlabeled_upload",
          question_text: "Photo",
          instructions: null,
          required: true,
          max_allowed_characters: null,
          max_allowed_files: 3,
          options: null,
        },
        {
          question_id: 2,
          question_type: "dropdown",
          question_text: "Font",
          instructions: null,
          required: false,
          max_allowed_characters: null,
          max_allowed_files: null,
          options: [{ label: "Serif" }],
        },
      ];
      storeQuestions(sandbox, several, two);
      await putQuestion(seller, text, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
      const before = await Promise.all([plain, several, text].map(questionsOf));
      const set = snapshotOfQuestionSet([
        {
          type: "text_input",
          title: "Name",
          instructions: "Name to engrave",
          required: true,
          maxAllowedCharacters: 20,
        },
        {
          type: "labeled_upload",
          title: "Sides",
          instructions: "",
          required: false,
          options: [{ label: "Front" }, { label: "Back" }],
        },
      ]);
      const { runner: bulk, db } = await runner({}, async () => "multi");
      const jobs = jobStore(db);
      const applied = await newJob(db, { kind: "apply", target: set, items: items([plain, several, text]) });
      bulk.start();

      expect(await finished(db, applied)).toMatchObject({ total: 3, done: 3, skipped: 0, failed: 0 });
      for (const id of [plain, several, text]) {
        expect(await questionsOf(id)).toEqual([
          {
            question_type: "text_input",
            question_text: "Name",
            instructions: "Name to engrave",
            required: true,
            max_allowed_characters: 20,
            max_allowed_files: null,
            options: null,
          },
          {
            question_type: "labeled_upload",
            question_text: "Sides",
            instructions: null,
            required: false,
            max_allowed_characters: null,
            max_allowed_files: 2,
            options: [{ label: "Front" }, { label: "Back" }],
          },
        ]);
      }
      expect((await writesTo(several)).map((entry) => entry.path)).toEqual([
        `/v3/application/shops/${seller.shop_id}/listings/${several}/personalization`,
      ]);

      const undo = await jobs.undo((await jobs.find(applied))!, seller.user_id);
      bulk.wake();
      expect(await finished(db, undo!)).toMatchObject({ total: 3, done: 3 });
      expect(await Promise.all([plain, several, text].map(questionsOf))).toEqual(before);
    } finally {
      await sandboxControl(sandbox.url, "/phase", { phase: "migration" });
    }
  });

  it("with add-on prices that every re-write must carry, a bulk apply and its undo keep each listing's own price", async () => {
    await sandboxControl(sandbox.url, "/phase", { phase: "add-on-resend" });
    try {
      const listings = seller.listing_ids.slice(0, 3);
      const priceOf = (listingId: number) => 1.5 + (listingId % 7);
      for (const listingId of listings) {
        const answer = await sandboxControl(
          sandbox.url,
          `/listings/${listingId}`,
          {
            personalization_questions: [
              {
                question_type: "text_input",
                question_text: "Gift note",
                instructions: "A note for the card",
                required: false,
                max_allowed_characters: 60,
                add_on_price: priceOf(listingId),
              },
            ],
          },
          "PATCH",
        );
        expect(answer.status).toBe(200);
      }
      const stored = async (listingId: number) =>
        (await storedListing(sandbox.url, listingId)).personalization.personalization_questions[0] as {
          instructions: string;
          add_on_price: { amount: number; divisor: number } | null;
        };
      const price = async (listingId: number) => {
        const money = (await stored(listingId)).add_on_price;
        return money && money.amount / money.divisor;
      };
      const target = snapshotOfQuestionSet([
        {
          type: "text_input",
          title: "Gift note",
          instructions: "A short note",
          required: false,
          maxAllowedCharacters: 60,
        },
      ]);
      const { runner: bulk, db } = await runner({}, async () => "multi");
      const jobs = jobStore(db);
      const applied = await newJob(db, { kind: "apply", target, items: items(listings) });
      bulk.start();
      expect(await finished(db, applied)).toMatchObject({ total: 3, done: 3, failed: 0 });
      for (const listingId of listings) {
        expect((await stored(listingId)).instructions).toBe("A short note");
        expect(await price(listingId)).toBe(priceOf(listingId));
      }

      const undo = await jobs.undo((await jobs.find(applied))!, seller.user_id);
      bulk.wake();
      expect(await finished(db, undo!)).toMatchObject({ total: 3, done: 3, failed: 0 });
      for (const listingId of listings) {
        expect((await stored(listingId)).instructions).toBe("A note for the card");
        expect(await price(listingId)).toBe(priceOf(listingId));
      }
    } finally {
      await sandboxControl(sandbox.url, "/phase", { phase: "migration" });
    }
  });

  it("pauses when the seller's grant is gone, and resumes where it stopped", async () => {
    const ids = seller.listing_ids.slice(0, 3);
    await sandboxControl(sandbox.url, "/revoke", { user_id: seller.user_id });
    const { runner: bulk, db } = await runner();
    const jobs = jobStore(db);
    const jobId = await newJob(db, { kind: "apply", target: ENGRAVE, items: items(ids) });
    await bulk.runOnce();
    expect(await jobs.find(jobId)).toMatchObject({
      status: "paused",
      statusReason:
        "Your marketplace sign-in has expired, so this bulk change is paused. Sign in again, then resume it.",
    });
    expect(await jobs.counts(jobId)).toMatchObject({ pending: 3 });

    await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, SCOPES);
    expect(await jobs.resume(jobId, seller.shop_id as number)).toBe(true);
    bulk.start();
    expect(await finished(db, jobId)).toMatchObject({ done: 3 });
  });
});
