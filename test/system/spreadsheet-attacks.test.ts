import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedSeller } from "../harness/sandbox";
import { chunkedUpload } from "../harness/chunked-upload";
import { filledShopDashboard } from "../harness/filled-shop-dashboard";
import { COLUMNS } from "../../lib/changes/spreadsheet";

// Found by attack: the built dashboard's spreadsheet import and export over plain HTTP with a signed-in
// seller's cookie, against an in-memory sandbox whose request log shows what reached the marketplace.

let shop: Awaited<ReturnType<typeof filledShopDashboard>>;
let seller: CreatedSeller;

const lastRequestId = () => shop.lastRequestId();
const marketplaceRequestsSince = (id: number) => shop.marketplaceRequestsSince(id);
const send = (path: string, init: RequestInit = {}) => shop.send(path, init);
const importFile = (body: string) =>
  send("/api/changes/import", { method: "POST", headers: { "content-type": "text/csv" }, body });

beforeAll(async () => {
  // Enough listings that 2,000 rows are within what the shop can hold (5 questions a listing): each row is judged.
  shop = await filledShopDashboard(400);
  seller = shop.seller;
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

describe("the spreadsheet import, attacked over HTTP", () => {
  it("refuses 2,000 made-up listing ids without a marketplace request, naming the first 50 and counting the rest", async () => {
    const since = lastRequestId();
    const rows = Array.from({ length: 2_000 }, (_, index) => `${9_000_000_000 + index},Fake,active,,,,,,,,,`);
    const response = await importFile([COLUMNS.join(","), ...rows].join("\r\n"));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: { row: number; column: string; reason: string }[]; more: number };
    expect(body.errors).toHaveLength(50);
    expect(body.more).toBe(1_950);
    expect(body.errors[0]).toEqual({
      row: 2,
      column: "listing_id",
      reason: "No listing 9000000000 in your shop: keep the exported listing ids.",
    });
    expect(marketplaceRequestsSince(since)).toEqual([]);
  });

  it("answers 200,000 rows for one listing (under the 5 MB limit) with one sentence, and asks the marketplace nothing", async () => {
    const since = lastRequestId();
    const text = `${COLUMNS.join(",")}\r\n${`${seller.listing_ids[0]},,,,,,,,,,,\r\n`.repeat(200_000)}`;
    expect(Buffer.byteLength(text)).toBeLessThan(5_000_000);
    const response = await importFile(text);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error:
        "This file has more than 2,000 rows, more than your shop's listings can hold as questions (one row each): nothing was planned. Export your questions again and edit that file.",
      errors: [],
      more: 0,
    });
    expect(marketplaceRequestsSince(since)).toEqual([]);
  });

  it("names a listing given more rows than it can have questions", async () => {
    const text = `${COLUMNS.join(",")}\r\n${`${seller.listing_ids[0]},,,,,,,,,,,\r\n`.repeat(7)}`;
    const response = await importFile(text);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: [
        {
          row: 7,
          column: "listing_id",
          reason: `Listing ${seller.listing_ids[0]} has more than 5 rows, and a listing asks at most 5 questions, one row each: remove the rows it does not need.`,
        },
      ],
      more: 0,
    });
  });

  it("reports an unclosed quote with its row and plans nothing", async () => {
    const [one, two] = seller.listing_ids;
    const text = [COLUMNS.join(","), `${one},"Mug,active,,,,,,,,,`, `${two},Card,active,,,,,,,,,`].join("\r\n");
    const response = await importFile(text);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: [{ row: 2, column: "", reason: expect.stringContaining("is never closed") }],
    });
  });

  it("re-imports its own unchanged CSV export as no change, and stores no plan", async () => {
    const exported = await (await send("/api/changes/export")).text();
    const response = await importFile(exported);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      planId: null,
      message: "This file matches your shop: nothing was planned.",
      changes: 0,
      unchanged: 400,
      warnings: [],
    });
  });

  it("re-imports its own unchanged Excel export as no change, and stores no plan", async () => {
    const workbook = await (await send("/api/changes/export?format=xlsx")).arrayBuffer();
    const response = await send("/api/changes/import", { method: "POST", body: workbook });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ planId: null, changes: 0, unchanged: 400 });
  });

  it("refuses a file over 5 MB with 413 before reading it whole", async () => {
    const response = await importFile("x".repeat(5_000_001));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: "The file is larger than 5 MB. Export your questions again and edit that file.",
    });
  });

  const TOO_LARGE = { error: "The file is larger than 5 MB. Export your questions again and edit that file." };
  const chunkedImport = (bytes: number, pauseMs = 0, chunkBytes?: number) =>
    chunkedUpload(new URL(`${shop.dashboard.url}/api/changes/import`), bytes, {
      headers: { cookie: shop.cookie, "content-type": "text/csv" },
      pauseMs,
      chunkBytes,
    });

  it("refuses a 100 MB file sent chunked, without a Content-Length, with 413, and asks the marketplace nothing", async () => {
    const since = lastRequestId();
    const answer = await chunkedImport(100 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    expect(marketplaceRequestsSince(since)).toEqual([]);
  });

  it("answers others while a file trickles in a kilobyte at a time, then judges it", async () => {
    const slow = chunkedImport(40 * 1024, 25, 1024);
    expect((await send("/api/health")).status).toBe(200);
    expect((await send("/api/mirror")).status).toBe(200);
    const answer = await slow;
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: expect.stringContaining("Fix them and import the file again"),
    });
  });
});
