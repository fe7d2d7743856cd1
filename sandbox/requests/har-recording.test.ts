import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Etsy } from "etsy-ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../server.js";
import { PHASES } from "../phases.js";
import { DEMO_APP } from "../store/seed.js";
import { HAR_BOUNDS } from "./har-file.js";
import { startRecorder } from "./har-recorder.js";
import { loadRecording } from "../store/recorded-shop.js";
import { redirectLiveApi, TokenStore } from "../../test/harness/etsy-ts.js";
import { validHar } from "../../test/harness/har-schema.js";
import { tsxCommand } from "../../test/harness/tsx-command.js";
import { freePort } from "../../test/harness/dashboard-process.js";
import { ADA, DEMO_API_KEY, issueTokensFor, sandboxControl, startTestSandbox } from "../../test/harness/sandbox.js";

// npm run sandbox -- --record and --from (docs/sandbox.md, "Recording a real shop, and replaying it offline"): a second
// sandbox is the marketplace recorded, etsy-ts 8.0.1 unchanged the client, through the recording proxy; then the
// recording replayed as a fresh sandbox's starting state, read and written by the same client.

const ROOT = new URL("../..", import.meta.url).pathname;
const RENAMED = "Recorded: the engraved ring";
const WRITTEN = "Initials to stitch, as recorded.";
const LISTING = 1_000_000_002;

/** etsy-ts at `baseURL`, with a token the marketplace at `issuer` gave Ada; its refreshes go to `baseURL` too. */
async function clientOf(baseURL: string, issuer: string) {
  const issued = await issueTokensFor(issuer, {
    user_id: ADA.user_id,
    scopes: ["listings_r", "listings_w", "transactions_r", "shops_r"],
  });
  const store = new TokenStore();
  await store.storeAccessToken(
    { etsyUserId: ADA.user_id },
    {
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token,
      expiresIn: issued.expires_in,
      tokenType: "Bearer",
    },
  );
  const done = redirectLiveApi(() => baseURL);
  const etsy = new Etsy(
    { apiKey: DEMO_APP.keystring, sharedSecret: DEMO_APP.shared_secret, securityDataStorage: store },
    { baseURL },
  );
  return { etsy, tokens: issued, done };
}

type Etsyish = Awaited<ReturnType<typeof clientOf>>["etsy"];
const who = { etsyUserId: ADA.user_id };
const shopListings = async (etsy: Etsyish) =>
  (
    (await etsy.ShopListing.getListingsByShop({ shopId: ADA.shop_id, limit: 100, includes: ["Personalization"] }, who))
      .data.results ?? []
  ).map((listing) => ({
    listing_id: listing.listing_id,
    title: listing.title,
    state: listing.state,
    price: listing.price,
    questions: listing.personalization?.personalization_questions,
  }));

let marketplace: RunningSandbox;
let folder: string;
let file: string;
let recordedListings: Awaited<ReturnType<typeof shopListings>>;
let recordedReceipts: number[];
let secrets: string[];
const sayings: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "har-recording-"));
  file = join(folder, "shop.har");
  marketplace = await startTestSandbox({ phase: PHASES[PHASES.length - 1] });
  // What makes the recorded shop the integrator's own rather than the seed: a title edited in the Shop Manager.
  expect((await sandboxControl(marketplace.url, `/listings/${LISTING}`, { title: RENAMED }, "PATCH")).status).toBe(200);
  const recorder = await startRecorder({ target: marketplace.url, file, port: 0, say: (line) => sayings.push(line) });
  const { etsy, tokens, done } = await clientOf(recorder.url, marketplace.url);
  try {
    expect((await etsy.User.getMe(who)).data.shop_id).toBe(ADA.shop_id);
    const written = await etsy.ShopListingPersonalization.updateListingPersonalization(
      { shopId: ADA.shop_id, listingId: LISTING },
      {
        personalization_questions: [
          {
            question_type: "text_input",
            question_text: "Personalization",
            instructions: WRITTEN,
            required: true,
            max_allowed_characters: 3,
          },
        ],
      },
      who,
    );
    expect(written.status).toBe(201);
    recordedListings = await shopListings(etsy);
    const receipts = (await etsy.ShopReceipt.getShopReceipts({ shopId: ADA.shop_id, limit: 100 }, who)).data;
    recordedReceipts = (receipts.results ?? []).map((receipt) => receipt.receipt_id as number);
    const buyer = (receipts.results ?? []).find((receipt) => receipt.buyer_email);
    // The proxy sends on what the marketplace answers; only the file is redacted.
    expect(buyer?.buyer_email).toMatch(/@example\.com$/);
    secrets = [
      DEMO_APP.keystring,
      DEMO_APP.shared_secret,
      tokens.access_token,
      tokens.refresh_token,
      buyer!.buyer_email!,
      buyer!.first_line!,
    ];
  } finally {
    done();
    await recorder.close();
  }
}, 60_000);
afterAll(async () => {
  await marketplace.close();
  await rm(folder, { recursive: true, force: true });
});

describe("--record: etsy-ts through the recording proxy to a second sandbox", () => {
  it("keeps every call as HAR 1.2, with each whole answer, and says where the file is", async () => {
    const har = JSON.parse(await readFile(file, "utf8"));
    expect(validHar(har), JSON.stringify(validHar.errors)).toBe(true);
    const calls = har.log.entries.map(
      (entry: { request: { method: string; url: string } }) =>
        `${entry.request.method} ${new URL(entry.request.url).pathname}`,
    );
    expect(calls).toEqual([
      "GET /v3/application/users/me",
      `POST /v3/application/shops/${ADA.shop_id}/listings/${LISTING}/personalization`,
      `GET /v3/application/shops/${ADA.shop_id}/listings`,
      `GET /v3/application/shops/${ADA.shop_id}/receipts`,
    ]);
    expect(har.log.entries[0].request.url.startsWith(marketplace.url)).toBe(true);
    expect(har.log.entries[0]._sandbox.bearer_user).toBe(ADA.user_id);
    expect(recordedListings.length).toBeGreaterThan(5);
    const page = JSON.parse(har.log.entries[2].response.content.text);
    expect(page.results).toHaveLength(recordedListings.length);
    expect(sayings).toEqual([]);
  });

  it("holds no key, token, secret or buyer address: the file is grepped for each", async () => {
    const text = await readFile(file, "utf8");
    for (const secret of secrets) expect(text.includes(secret), `the HAR holds ${secret.slice(0, 12)}…`).toBe(false);
    expect(text).toContain("[redacted]");
  });

  it("npm run sandbox -- --record prints where the file is, and keeps each call in it as it comes", async () => {
    const out = join(folder, "cli.har");
    const port = await freePort();
    const child = spawn(
      "npx",
      ["tsx", "sandbox/main.ts", "--record", marketplace.url, "--out", out, "--port", String(port)],
      {
        cwd: ROOT,
        detached: true,
      },
    );
    try {
      const printed = await new Promise<string>((resolve, reject) => {
        let text = "";
        child.stdout.on("data", (chunk: Buffer) => {
          text += chunk;
          if (text.includes("\n")) resolve(text);
        });
        child.on("exit", () => reject(new Error(`--record exited before it printed: ${text}`)));
      });
      expect(printed).toContain(
        `Recording ${marketplace.url}/ through http://localhost:${port}: each call is kept, redacted, in ${out}`,
      );
      expect(
        (
          await fetch(`http://localhost:${port}/v3/application/openapi-ping`, {
            headers: { "x-api-key": `${DEMO_APP.keystring}:${DEMO_APP.shared_secret}` },
          })
        ).status,
      ).toBe(200);
      const har = JSON.parse(await readFile(out, "utf8"));
      expect(har.log.entries.map((entry: { response: { status: number } }) => entry.response.status)).toEqual([200]);
    } finally {
      process.kill(-child.pid!, "SIGTERM");
    }
  }, 60_000);

  it("bounds the file: past its bytes, calls are forwarded and not recorded, and the proxy says so once", async () => {
    const bounded = join(folder, "bounded.har");
    const said: string[] = [];
    const recorder = await startRecorder({
      target: marketplace.url,
      file: bounded,
      port: 0,
      maxBytes: 12_000,
      say: (line) => said.push(line),
    });
    try {
      for (let call = 0; call < 10; call++)
        expect(
          (
            await fetch(`${recorder.url}/v3/application/listings/${LISTING}`, {
              headers: { "x-api-key": DEMO_API_KEY },
            })
          ).status,
        ).toBe(200);
    } finally {
      await recorder.close();
    }
    const text = await readFile(bounded, "utf8");
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(12_000);
    const kept = JSON.parse(text).log.entries.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(10);
    expect(said).toEqual([
      `The recording reached its bound of 12000 bytes after ${kept} calls: later calls are forwarded, not recorded.`,
    ]);
  });

  it("refuses a body over 8 MiB with 413, sent with its length or without, and forwards nothing of it", async () => {
    const refused = join(folder, "refused.har");
    const recorder = await startRecorder({ target: marketplace.url, file: refused, port: 0 });
    const MiB = new Uint8Array(1024 * 1024);
    try {
      const url = `${recorder.url}/v3/application/shops/${ADA.shop_id}/listings/${LISTING}/personalization`;
      const told = await fetch(url, { method: "POST", body: new Uint8Array(8 * 1024 * 1024 + 1) });
      expect(told.status).toBe(413);
      const chunks = new ReadableStream({
        pull(controller) {
          controller.enqueue(MiB);
        },
      });
      const untold = await fetch(url, { method: "POST", body: chunks, duplex: "half" } as RequestInit);
      expect([untold.status, (await untold.json()).error]).toEqual([
        413,
        "The recording proxy forwards bodies of at most 8388608 bytes.",
      ]);
    } finally {
      await recorder.close();
    }
    expect(JSON.parse(await readFile(refused, "utf8")).log.entries).toEqual([]);
  });

  it("names a marketplace that does not answer, and exits 2", async () => {
    const port = await freePort();
    const run = await tsxCommand(
      "sandbox/main.ts",
      "--record",
      `http://localhost:${port}`,
      "--port",
      String(await freePort()),
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `The marketplace to record, http://localhost:${port}/, does not answer (ECONNREFUSED)`,
    );
  }, 60_000);
});

describe("--from: the recording as a fresh sandbox's starting state", () => {
  let replay: RunningSandbox;
  beforeAll(async () => {
    replay = await startTestSandbox({ phase: PHASES[PHASES.length - 1] });
  });
  afterAll(() => replay.close());

  it("reads the same listings through the same client, and writes them", async () => {
    const loaded = await loadRecording(replay.state.db, file);
    expect(loaded).toMatchObject({ shops: 1, listings: recordedListings.length, receipts: recordedReceipts.length });
    expect(recordedReceipts.length).toBeGreaterThan(0);
    const { etsy, done } = await clientOf(replay.url, replay.url);
    try {
      const listings = await shopListings(etsy);
      expect(listings).toEqual(recordedListings);
      expect(listings.find((listing) => listing.listing_id === LISTING)).toMatchObject({
        title: RENAMED,
        questions: [expect.objectContaining({ instructions: WRITTEN })],
      });
      const receipts = (await etsy.ShopReceipt.getShopReceipts({ shopId: ADA.shop_id, limit: 100 }, who)).data;
      expect((receipts.results ?? []).map((receipt) => receipt.receipt_id).sort()).toEqual(
        [...recordedReceipts].sort(),
      );

      const rewritten = await etsy.ShopListingPersonalization.updateListingPersonalization(
        { shopId: ADA.shop_id, listingId: LISTING },
        {
          personalization_questions: [
            {
              question_type: "text_input",
              question_text: "Personalization",
              instructions: "Written on the replayed shop.",
              required: false,
              max_allowed_characters: 12,
            },
          ],
        },
        who,
      );
      expect(rewritten.status).toBe(201);
      const after = await shopListings(etsy);
      expect(after.find((listing) => listing.listing_id === LISTING)).toMatchObject({
        title: RENAMED,
        questions: [expect.objectContaining({ instructions: "Written on the replayed shop." })],
      });
    } finally {
      done();
    }
  });

  it("refuses a huge, malformed or hostile HAR with its size and reason, and loads nothing", async () => {
    const huge = join(folder, "huge.har");
    await writeFile(huge, "");
    await truncate(huge, HAR_BOUNDS.bytes + 1);
    const notJson = join(folder, "cut.har");
    await writeFile(notJson, '{"log": {"entries": [');
    const many = join(folder, "many.har");
    const entry = {
      startedDateTime: "2026-05-10T12:00:00Z",
      request: { method: "GET", url: "http://x/" },
      response: { status: 200 },
    };
    await writeFile(
      many,
      JSON.stringify({ log: { entries: Array.from({ length: HAR_BOUNDS.entries + 1 }, () => entry) } }),
    );
    const deep = join(folder, "deep.har");
    await writeFile(deep, `{"log": {"entries": [], "x": ${"[".repeat(10_000)}${"]".repeat(10_000)}}}`);
    const forged = join(folder, "forged.har");
    const recorded = JSON.parse(await readFile(file, "utf8"));
    const page = JSON.parse(recorded.log.entries[2].response.content.text);
    page.results[0].listing_id = "1 OR 1=1";
    recorded.log.entries[2].response.content.text = JSON.stringify(page);
    await writeFile(forged, JSON.stringify(recorded));
    const bomb = join(folder, "bomb.har");
    recorded.log.entries[2].response.content.text = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    await writeFile(bomb, JSON.stringify(recorded));

    const fresh = await startTestSandbox();
    try {
      const before = await shopListings((await clientOf(fresh.url, fresh.url)).etsy);
      for (const [har, sentence] of [
        [huge, new RegExp(`is ${HAR_BOUNDS.bytes + 1} bytes; --from reads a HAR of at most ${HAR_BOUNDS.bytes} bytes`)],
        [notJson, /cut\.har \(21 bytes\) is not JSON; give a HAR 1\.2 file/],
        [many, new RegExp(`holds ${HAR_BOUNDS.entries + 1} entries; --from reads at most ${HAR_BOUNDS.entries}`)],
        [deep, /nests more than 64 levels deep/],
        [
          forged,
          /log\.entries\[2\] \(GET \/v3\/application\/shops\/70001\/listings\) is not an answer of the marketplace \(results\.0\.listing_id: /,
        ],
        [bomb, /log\.entries\[2\] .* nests more than 64 levels deep/],
      ] as const)
        expect(await loadRecording(fresh.state.db, har)).toMatch(sentence);
      expect(await shopListings((await clientOf(fresh.url, fresh.url)).etsy)).toEqual(before);
    } finally {
      await fresh.close();
    }
  });

  it("npm run sandbox -- --from refuses a hostile HAR with exit 2 and its sentence", async () => {
    const run = await tsxCommand(
      "sandbox/main.ts",
      "--from",
      join(folder, "forged.har"),
      "--port",
      String(await freePort()),
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/forged\.har: log\.entries\[2\] .* is not an answer of the marketplace/);
  }, 60_000);
});
