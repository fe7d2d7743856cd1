import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { eachEngine } from "../../test/harness/each-engine";
import type { CreatedSeller } from "../../test/harness/sandbox";
import { openDatabase, type Database } from "../db/database";
import { shopMirror, type ShopMirror } from "./shop-mirror";
import { MIRROR_TABLES, outsideEdit, signedInSeller } from "../../test/harness/mirror-shop";
import { processEvent, receiveWebhook, TOO_LARGE } from "./webhook";

const sandbox = useSeededSandbox();
const SECRET = `whsec_${Buffer.from("a signing secret of thirty-two b").toString("base64")}`;

function delivery(
  event: Record<string, unknown>,
  options: { id?: string; at?: Date; secret?: string; body?: string } = {},
) {
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  const body = JSON.stringify(event);
  const signature = new Webhook(options.secret ?? SECRET).sign(id, at, body);
  const headers = new Headers({
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  });
  return { body: options.body ?? body, headers };
}

describe.each(eachEngine())("marketplace webhooks on %s", (_engine, location) => {
  let db: Database;
  let mirror: ShopMirror;
  let seller: CreatedSeller;
  let listingId: number;
  let event: Record<string, unknown>;

  const receive = (sent: ReturnType<typeof delivery>) => receiveWebhook(sent, { secret: SECRET, mirror });
  const mirroredInstructions = async () =>
    (await mirror.store.listing(listingId))!.listing.questions[0]?.instructions ?? null;

  beforeEach(async () => {
    db = await openDatabase(location());
    for (const table of MIRROR_TABLES) await db.execute(`DELETE FROM ${table}`);
    const { marketplace, ...signedIn } = await signedInSeller(sandbox.url, db, 3);
    seller = signedIn.seller;
    listingId = seller.listing_ids[0]!;
    mirror = shopMirror(db, marketplace);
    await mirror.fill({ userId: seller.user_id, shopId: seller.shop_id! });
    await outsideEdit(sandbox.url, seller, listingId, "Engraving text");
    event = {
      event_type: "listing.updated",
      event_id: randomUUID(),
      created_at: new Date().toISOString(),
      data: { listing_id: listingId, shop_id: seller.shop_id },
    };
    return () => db.close();
  });

  it("a signed, fresh delivery is answered at once and its work brings the change into the mirror and the inbox", async () => {
    const answer = await receive(delivery(event));
    expect(answer.status).toBe(202);
    expect(await mirroredInstructions()).toBeNull();
    await processEvent(answer.event!, { mirror });
    expect(await mirroredInstructions()).toBe("Engraving text");
    expect(await mirror.store.changes(seller.shop_id!)).toMatchObject([{ listingId, foundBy: "webhook" }]);
  });

  it("refuses a forged signature and changes nothing", async () => {
    const answer = await receive(
      delivery(event, { id: "msg_forged", secret: `whsec_${Buffer.from("another secret").toString("base64")}` }),
    );
    expect([answer.status, answer.event]).toEqual([401, undefined]);
    expect(await mirroredInstructions()).toBeNull();
    // Not even its id was kept: the genuine delivery with that id is still taken.
    expect((await receive(delivery(event, { id: "msg_forged" }))).status).toBe(202);
  });

  it("refuses a body changed after signing", async () => {
    const sent = delivery(event, { body: JSON.stringify({ ...event, data: { listing_id: 1, shop_id: 1 } }) });
    expect((await receive(sent)).status).toBe(401);
  });

  it("refuses a timestamp over 5 minutes old and changes nothing", async () => {
    const answer = await receive(delivery(event, { id: "msg_stale", at: new Date(Date.now() - 6 * 60_000) }));
    expect([answer.status, answer.event]).toEqual([401, undefined]);
    expect(await mirroredInstructions()).toBeNull();
    expect(await mirror.store.changes(seller.shop_id!)).toEqual([]);
    expect((await receive(delivery(event, { id: "msg_stale" }))).status).toBe(202);
  });

  it("refuses a replayed webhook-id and changes nothing", async () => {
    const sent = delivery(event);
    await processEvent((await receive(sent)).event!, { mirror });
    const changes = await mirror.store.changes(seller.shop_id!);
    const replay = await receive(sent);
    expect([replay.status, replay.event]).toEqual([409, undefined]);
    expect(await mirror.store.changes(seller.shop_id!)).toEqual(changes);
  });

  it("refuses a body over 64 kB before checking it, and keeps nothing of it", async () => {
    const padded = { ...event, padding: "x".repeat(64 * 1024) };
    const answer = await receive(delivery(padded, { id: "msg_large" }));
    expect([answer.status, answer.error, answer.event]).toEqual([413, TOO_LARGE, undefined]);
    expect((await receive(delivery(event, { id: "msg_large" }))).status).toBe(202);
  });

  it("refuses everything when no secret is set", async () => {
    expect((await receiveWebhook(delivery(event), { secret: undefined, mirror })).status).toBe(404);
  });

  it("processing the same event twice changes nothing more", async () => {
    const parsed = { ...event, data: { listing_id: listingId, shop_id: seller.shop_id! } } as Parameters<
      typeof processEvent
    >[0];
    await processEvent(parsed, { mirror });
    const once = {
      listing: await mirror.store.listing(listingId),
      changes: await mirror.store.changes(seller.shop_id!),
    };
    await processEvent(parsed, { mirror });
    expect(await mirror.store.listing(listingId)).toEqual(once.listing);
    expect(await mirror.store.changes(seller.shop_id!)).toEqual(once.changes);
    expect(once.changes).toHaveLength(1);
  });

  it("listing.deleted takes the listing out of the mirror", async () => {
    await processEvent({ ...event, event_type: "listing.deleted", data: { listing_id: listingId } } as never, {
      mirror,
    });
    expect(await mirror.store.listing(listingId)).toBeNull();
  });
});
