import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import type { LogEntry } from "../../sandbox/requests/request-log";
import { createSeller, sandboxControl, storedListing, type CreatedSeller } from "../harness/sandbox";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp, type SignedIn } from "../harness/http-sign-in";

// Issues 33 and 36: the built dashboard receives listing and order webhooks as the live marketplace sends them
// (docs/marketplace.md §14, §16.5): a flat body naming the listing or receipt by its resource_url, delivered at least once.
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const SECRET = `whsec_${randomBytes(24).toString("base64")}`;

let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let folder: string;
let seller: CreatedSeller;
let signedIn: SignedIn;

beforeAll(async () => {
  if (!existsSync(join(DIST_DIR, "BUILD_ID")))
    throw new Error(`No production build in ${DIST_DIR}: run \`npx next build\` first (npm test does).`);
  folder = mkdtempSync(join(tmpdir(), "live-webhooks-"));
  sandbox = await startSandbox({ port: 0, db: ":memory:", phase: "webhooks" });
  dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    dashboardDb: join(folder, "dashboard.db"),
    stdio: "ignore",
    env: { MARKETPLACE_WEBHOOK_SECRET: SECRET },
  });
  seller = await createSeller(sandbox.url, { listings: 3 });
  signedIn = await signInOverHttp(dashboard.url, seller);
  await asSeller("/api/listings");
  for (const until = Date.now() + 20_000; ; await new Promise((wait) => setTimeout(wait, 200))) {
    const { status } = (await (await asSeller("/api/mirror")).json()) as { status: string };
    if (status === "filled") break;
    if (Date.now() > until) throw new Error(`the shop's mirror is still ${status} after 20 s`);
  }
}, 120_000);

afterAll(async () => {
  await dashboard?.stop();
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function asSeller(path: string) {
  return fetch(`${dashboard.url}${path}`, { headers: { cookie: signedIn.cookie } });
}

async function shopManagerEdit(listingId: number, instructions: string) {
  const edit = await sandboxControl(
    sandbox.url,
    `/listings/${listingId}`,
    {
      personalization_questions: [
        {
          question_type: "text_input",
          question_text: "Personalization",
          instructions,
          required: true,
          max_allowed_characters: 30,
        },
      ],
    },
    "PATCH",
  );
  expect(edit.status).toBe(200);
}

/** One value from the dashboard's database, read beside the running server. */
function dashboardValue(sql: string, ...params: unknown[]) {
  const db = new Sqlite(join(folder, "dashboard.db"), { readonly: true });
  const value: unknown = db
    .prepare(sql)
    .pluck()
    .get(...params);
  db.close();
  return value;
}

/** The listing as the dashboard's mirror holds it. */
function mirrored(listingId: number) {
  const text = dashboardValue("SELECT listing FROM mirror_listings WHERE listing_id = ?", listingId);
  return typeof text === "string" ? text : null;
}

async function reads(path: string) {
  const { requests } = (await sandboxControl(sandbox.url, "/requests")).body as { requests: LogEntry[] };
  return requests.filter((entry) => entry.method === "GET" && entry.path.split("?")[0] === path).length;
}

const listingReads = (listingId: number) => reads(`/v3/application/listings/${listingId}`);

async function inboxShows(title: string) {
  await expect
    .poll(async () => {
      const html = await (await asSeller("/inbox")).text();
      return html.includes(title) && html.includes("reported by the marketplace");
    })
    .toBe(true);
}

const settle = () => new Promise((wait) => setTimeout(wait, 1000));

describe("a live-shaped listing.updated, signed with the endpoint's secret", () => {
  it("brings a change made in the sandbox into the mirror and the inbox; the same delivery again is answered 2xx and reads nothing more", async () => {
    const listingId = seller.listing_ids[0]!;
    await shopManagerEdit(listingId, "Name for the front");
    const id = `msg_${randomUUID()}`;
    const at = new Date();
    const body = JSON.stringify({
      event_type: "listing.updated",
      resource_url: `https://openapi.etsy.com/v3/application/listings/${listingId}`,
      shop_id: String(seller.shop_id),
    });
    const headers = {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(SECRET).sign(id, at, body),
    };
    const deliver = () =>
      fetch(`${dashboard.url}/api/webhooks/marketplace`, { method: "POST", headers, body }).then((r) => r.status);
    const readsBefore = await listingReads(listingId);

    expect(await deliver()).toBe(202);
    await expect.poll(() => mirrored(listingId), { timeout: 10_000 }).toContain("Name for the front");
    await inboxShows((await storedListing(sandbox.url, listingId)).title);
    expect(await listingReads(listingId)).toBe(readsBefore + 1);

    expect(await deliver()).toBe(200);
    await settle();
    expect(await listingReads(listingId)).toBe(readsBefore + 1);
  });
});

describe("the sandbox's own deliveries to the dashboard", () => {
  type Delivery = { id: string; attempts: number; state: string; status: number | null };

  it("reach the dashboard with the flat body, and a resend of one is answered 2xx and reads nothing more", async () => {
    const subscribed = await sandboxControl(sandbox.url, "/webhooks", {
      url: `${dashboard.url}/api/webhooks/marketplace`,
      secret: SECRET,
    });
    expect(subscribed.status).toBe(201);
    const deliveries = async () =>
      ((await sandboxControl(sandbox.url, `/webhooks/${subscribed.body.id}`)).body as { deliveries: Delivery[] })
        .deliveries;
    const listingId = seller.listing_ids[1]!;
    const readsBefore = await listingReads(listingId);

    await shopManagerEdit(listingId, "Initials for the back");
    await expect.poll(deliveries).toMatchObject([{ attempts: 1, state: "delivered", status: 202 }]);
    await expect.poll(() => mirrored(listingId), { timeout: 10_000 }).toContain("Initials for the back");
    await inboxShows((await storedListing(sandbox.url, listingId)).title);
    expect(await listingReads(listingId)).toBe(readsBefore + 1);

    const [delivery] = await deliveries();
    expect((await sandboxControl(sandbox.url, `/webhooks/deliveries/${delivery!.id}/resend`, {}, "POST")).status).toBe(
      202,
    );
    await expect.poll(deliveries).toMatchObject([{ attempts: 2, state: "delivered", status: 200 }]);
    await settle();
    expect(await listingReads(listingId)).toBe(readsBefore + 1);
  });
});

describe("order.paid from the sandbox", () => {
  it("brings an order placed in the sandbox into the dashboard's kept orders with one read of its receipt, no page viewed", async () => {
    expect((await asSeller("/orders")).status).toBe(200);
    await expect
      .poll(() => dashboardValue("SELECT filled FROM order_syncs WHERE shop_id = ?", seller.shop_id), {
        timeout: 10_000,
      })
      .toBe(1);
    // One endpoint, as the marketplace's portal registers it: each paid order is delivered to it once.
    const { webhooks } = (await sandboxControl(sandbox.url, "/webhooks")).body as { webhooks: { id: string }[] };
    for (const { id } of webhooks) await sandboxControl(sandbox.url, `/webhooks/${id}`, undefined, "DELETE");
    const subscribed = await sandboxControl(sandbox.url, "/webhooks", {
      url: `${dashboard.url}/api/webhooks/marketplace`,
      events: ["order.paid"],
      secret: SECRET,
    });
    expect(subscribed.status).toBe(201);
    const receiptsPath = `/v3/application/shops/${seller.shop_id}/receipts`;
    const listReadsBefore = await reads(receiptsPath);

    const placed = await sandboxControl(sandbox.url, "/orders", {
      listing_id: seller.listing_ids[2],
      buyer: { name: "Paid By Webhook" },
    });
    expect(placed.status, placed.text).toBe(201);
    const receiptId = placed.body.receipt_id as number;
    await expect
      .poll(
        () =>
          dashboardValue(
            "SELECT body FROM shop_orders WHERE shop_id = ? AND receipt_id = ?",
            seller.shop_id,
            receiptId,
          ),
        { timeout: 10_000 },
      )
      .toContain("Paid By Webhook");
    expect(await reads(`${receiptsPath}/${receiptId}`)).toBe(1);
    expect(await reads(receiptsPath)).toBe(listReadsBefore);
  });

  it("a sale with an order open is read with the shop's cancellations in one request, so the Orders page its notice brings asks nothing, and the view after asks for the cancellations", async () => {
    const receiptsPath = `/v3/application/shops/${seller.shop_id}/receipts`;
    const receiptReads = async () => (await reads(receiptsPath)) + (await receiptReadsOne());
    const receiptReadsOne = async () => {
      const { requests } = (await sandboxControl(sandbox.url, "/requests")).body as { requests: LogEntry[] };
      return requests.filter((entry) => entry.method === "GET" && entry.path.startsWith(`${receiptsPath}/`)).length;
    };
    const before = await receiptReads();
    const placed = await sandboxControl(sandbox.url, "/orders", {
      listing_id: seller.listing_ids[2],
      buyer: { name: "Second Sale" },
    });
    expect(placed.status, placed.text).toBe(201);
    await expect
      .poll(
        () =>
          dashboardValue(
            "SELECT body FROM shop_orders WHERE shop_id = ? AND receipt_id = ?",
            seller.shop_id,
            placed.body.receipt_id,
          ),
        { timeout: 10_000 },
      )
      .toContain("Second Sale");
    expect(await receiptReads()).toBe(before + 1);

    const orders = await asSeller("/orders");
    expect(orders.status).toBe(200);
    expect(await orders.text()).toContain("Second Sale");
    expect(await receiptReads()).toBe(before + 1);

    expect((await asSeller("/orders")).status).toBe(200);
    expect(await receiptReads()).toBe(before + 2);
  });
});
