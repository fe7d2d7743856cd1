import { expect, test, type Page, type Route } from "@playwright/test";
import { hydrated, signInTo } from "./editor";
import { sellerAskingName } from "./orders";
import {
  control,
  inPhase,
  lastRequestId,
  marketplaceCall,
  marketplaceToken,
  requestsSince,
  signIn,
  type TestSeller,
} from "./sandbox-control";
import { violations } from "./axe";

inPhase("webhooks");

type Receipt = { receipt_id: number; shipments: { carrier_name: string; tracking_code: string }[] };

const rowOf = (page: Page, receiptId: number) =>
  page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: String(receiptId), exact: true }) });

const codeOf = (receiptId: number) => `9400${String(receiptId).padStart(18, "0")}`;

/** A seller with `count` orders placed by different buyers, signed in to Orders. */
async function queueOf(page: Page, count: number) {
  const { seller, place } = await sellerAskingName();
  const receipts: number[] = [];
  for (let index = 0; index < count; index++)
    receipts.push((await place(`Buyer ${index}`, `Name ${index}`)).receipt_id);
  await signIn(page, seller, { from: signInTo("/orders") });
  await expect(rowOf(page, receipts.at(-1)!)).toBeVisible();
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
  return { seller, receipts };
}

async function receiptsOf(seller: TestSeller) {
  const token = await marketplaceToken(seller.user_id, ["transactions_r"]);
  const page = (await (
    await marketplaceCall(token, "GET", `/v3/application/shops/${seller.shop_id}/receipts?limit=100`)
  ).json()) as { results: Receipt[] };
  return new Map(page.results.map((receipt) => [receipt.receipt_id, receipt]));
}

/** What the seller does, counted: each code typed, and every other click, choice or paste. */
function counter() {
  const count = { codes: 0, other: 0 };
  return {
    count,
    click: async (locator: ReturnType<Page["locator"]>) => {
      count.other += 1;
      await locator.click();
    },
    check: async (locator: ReturnType<Page["locator"]>) => {
      count.other += 1;
      await locator.check();
    },
    typeCode: async (locator: ReturnType<Page["locator"]>, code: string) => {
      count.codes += 1;
      await locator.fill(code);
    },
    paste: async (locator: ReturnType<Page["locator"]>, text: string) => {
      count.other += 1;
      await locator.fill(text);
    },
  };
}

test("13 orders shipped in one form with one carrier: 13 shipments with their codes in the sandbox, in 13 typed codes and 3 other actions", async ({
  page,
}) => {
  const { seller, receipts } = await queueOf(page, 13);
  // Nothing ticked: the bar holds no move and no field.
  await expect(page.getByRole("button", { name: "Mark made" })).toHaveCount(0);
  await expect(page.getByLabel(/Tracking code/)).toHaveCount(0);
  const seller$ = counter();
  await seller$.check(page.getByRole("checkbox", { name: "Select every item on this page" }));
  await seller$.click(page.getByRole("button", { name: "Mark 13 orders shipped" }));
  const form = page.getByRole("form", { name: "Ship the ticked orders" });
  // The carrier is chosen once for all: USPS until the seller ships with another.
  await expect(form.getByLabel("Carrier (for every order below)")).toHaveValue("usps");
  await expect(form.locator("[data-ship-order]")).toHaveCount(13);
  expect(await violations(page)).toEqual([]);
  for (const receiptId of receipts)
    await seller$.typeCode(form.getByLabel(`Tracking code for order ${receiptId}`), codeOf(receiptId));
  // The picture of docs/sellers.md, copied to docs/ship-orders.png when the form's look changes.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page
    .getByRole("region", { name: "Mark 13 orders shipped" })
    .screenshot({ path: "test-results/ship-orders.png" });
  await seller$.click(form.getByRole("button", { name: "Ship 13 orders" }));
  await expect(page.getByRole("status").filter({ hasText: "13 items marked shipped." })).toBeVisible();
  expect(seller$.count).toEqual({ codes: 13, other: 3 });

  const stored = await receiptsOf(seller);
  for (const receiptId of receipts)
    expect(stored.get(receiptId)?.shipments).toEqual([
      expect.objectContaining({ carrier_name: "usps", tracking_code: codeOf(receiptId) }),
    ]);
  for (const receiptId of receipts) await expect(rowOf(page, receiptId)).toHaveCount(0);
});

test("the carrier chosen is remembered for the seller, and a refused order keeps its typed code, listed in words, while the rest ship", async ({
  page,
}) => {
  const { seller, receipts } = await queueOf(page, 3);
  const [first, second, third] = receipts as [number, number, number];
  await page.getByRole("checkbox", { name: "Select every item on this page" }).check();
  await page.getByRole("button", { name: "Mark 3 orders shipped" }).click();
  const form = page.getByRole("form", { name: "Ship the ticked orders" });
  await form.getByLabel("Carrier (for every order below)").selectOption({ label: "UPS" });
  await form.getByLabel(`Tracking code for order ${first}`).fill(`1Z${first}`);
  await form.getByLabel(`Tracking code for order ${second}`).fill(`1Z\u202e${second}`);
  await form.getByLabel(`Tracking code for order ${third}`).fill(`1Z${third}`);
  await form.getByRole("button", { name: "Ship 3 orders" }).click();
  const status = page.getByRole("status").filter({ hasText: "2 items marked shipped." });
  await expect(status).toBeVisible();
  await expect(status.getByRole("listitem")).toHaveText([
    `Order ${second}: The tracking code holds characters a buyer or carrier would not read as you see them (U+202E RIGHT-TO-LEFT OVERRIDE). Retype it on one line, or paste it as plain text, then mark it shipped again.`,
  ]);
  await expect(status).not.toContainText(/tracking_code|carrier_name/);
  // The refused order stays ticked in the form with what was typed, to correct.
  await expect(form.locator("[data-ship-order]")).toHaveCount(1);
  await expect(form.getByLabel(`Tracking code for order ${second}`)).toHaveValue(`1Z\u202e${second}`);
  const stored = await receiptsOf(seller);
  expect(stored.get(first)?.shipments).toEqual([expect.objectContaining({ carrier_name: "ups" })]);
  expect(stored.get(second)?.shipments).toEqual([]);

  await page.reload();
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
  await rowOf(page, second).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mark 1 order shipped" }).click();
  await expect(form.getByLabel("Carrier (for every order below)")).toHaveValue("ups");
});

test("a pasted list of 13 lines ships 12 orders with their codes and refuses its bad line by number and order", async ({
  page,
}) => {
  const { seller, receipts } = await queueOf(page, 12);
  const other = await sellerAskingName();
  const notHers = (await other.place("Someone Else", "Zed")).receipt_id;
  const lines = receipts.map((receiptId) => `${receiptId}\tUSPS\t${codeOf(receiptId)}`);
  lines.splice(6, 0, `${notHers}\tUSPS\t${codeOf(notHers)}`);
  const seller$ = counter();
  await seller$.click(page.getByText("Ship from a list of tracking codes"));
  await seller$.paste(
    page.getByLabel("One line per order: order number, carrier, tracking code"),
    `Order Number\tCarrier\tTracking Number\n${lines.join("\n")}\n`,
  );
  await seller$.click(page.getByRole("button", { name: "Ship the listed orders" }));
  const status = page.getByRole("status").filter({ hasText: "12 items marked shipped." });
  await expect(status).toBeVisible();
  await expect(status.getByRole("listitem")).toHaveText([
    `Line 8, order ${notHers}: it is not an order of your shop in the queue, so nothing was sent for it. Check the number; a new order shows in the queue once Orders has read it.`,
  ]);
  expect(seller$.count).toEqual({ codes: 0, other: 3 });
  const stored = await receiptsOf(seller);
  for (const receiptId of receipts)
    expect(stored.get(receiptId)?.shipments).toEqual([
      expect.objectContaining({ carrier_name: "usps", tracking_code: codeOf(receiptId) }),
    ]);
  const theirs = await receiptsOf(other.seller);
  expect(theirs.get(notHers)?.shipments).toEqual([]);
});

test("a shipment made while the marketplace does not answer waits, says so on its row, and is sent once when it answers", async ({
  page,
}) => {
  const { seller, receipts } = await queueOf(page, 1);
  const [receiptId] = receipts as [number];
  const since = await lastRequestId();
  await control("/faults", { path: `/v3/application/shops/${seller.shop_id}/receipts/*`, status: 503, times: 1000 });
  try {
    await rowOf(page, receiptId).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Mark 1 order shipped" }).click();
    const form = page.getByRole("form", { name: "Ship the ticked orders" });
    await form.getByLabel(`Tracking code for order ${receiptId}`).fill(codeOf(receiptId));
    await form.getByRole("button", { name: "Ship 1 order" }).click();
    const status = page.getByRole("status").filter({ hasText: "1 item waiting for the marketplace" });
    await expect(status).toHaveText("1 item waiting for the marketplace: sent when it answers.");
    await expect(rowOf(page, receiptId).locator("[data-shipment-waiting]")).toHaveText(
      "Waiting for the marketplace: will be sent when it answers.",
    );
    expect((await receiptsOf(seller)).get(receiptId)?.shipments).toEqual([]);
  } finally {
    await control("/faults", undefined, "DELETE");
  }
  // The background sends it by itself; the seller only looks again.
  await expect
    .poll(async () => (await receiptsOf(seller)).get(receiptId)?.shipments.length, { timeout: 40_000 })
    .toBe(1);
  const sent = (await requestsSince(since)).filter(
    (request) => request.method === "POST" && request.path.endsWith(`/receipts/${receiptId}/tracking`),
  );
  expect(sent.filter((request) => request.status === 200)).toHaveLength(1);
  await expect
    .poll(
      async () => {
        await page.reload();
        return rowOf(page, receiptId).count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  expect((await receiptsOf(seller)).get(receiptId)?.shipments).toEqual([
    expect.objectContaining({ tracking_code: codeOf(receiptId) }),
  ]);
});

test("a page from an older build keeps the ticked orders, the carrier and every typed code through its Reload, then ships them", async ({
  page,
}) => {
  const { seller, receipts } = await queueOf(page, 2);
  const [first, second] = receipts as [number, number];
  // The dashboard was updated since the page loaded: the action's id is unknown to it (test/system/rolling-deploy.test.ts).
  const olderBuild = async (route: Route) => {
    if (route.request().method() === "POST" && route.request().headers()["next-action"])
      await route.fulfill({ status: 409, headers: { "x-nextjs-action-not-found": "1" }, body: "" });
    else await route.fallback();
  };
  await page.route("**/orders*", olderBuild);
  await page.getByRole("checkbox", { name: "Select every item on this page" }).check();
  await page.getByRole("button", { name: "Mark 2 orders shipped" }).click();
  const form = page.getByRole("form", { name: "Ship the ticked orders" });
  await form.getByLabel("Carrier (for every order below)").selectOption({ label: "FedEx" });
  await form.getByLabel(`Tracking code for order ${first}`).fill(`7700${first}`);
  await form.getByLabel(`Tracking code for order ${second}`).fill(`7700${second}`);
  await form.getByRole("button", { name: "Ship 2 orders" }).click();
  const status = page.getByRole("status").filter({ hasText: "older version of the dashboard" });
  await expect(status).toContainText("what you typed is kept");
  await page.unroute("**/orders*", olderBuild);
  await status.getByRole("button", { name: "Reload the page" }).click();

  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
  await expect(form.getByLabel("Carrier (for every order below)")).toHaveValue("fedex");
  await expect(form.getByLabel(`Tracking code for order ${first}`)).toHaveValue(`7700${first}`);
  await expect(form.getByLabel(`Tracking code for order ${second}`)).toHaveValue(`7700${second}`);
  await form.getByRole("button", { name: "Ship 2 orders" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 items marked shipped." })).toBeVisible();
  const stored = await receiptsOf(seller);
  for (const receiptId of receipts)
    expect(stored.get(receiptId)?.shipments).toEqual([
      expect.objectContaining({ carrier_name: "fedex", tracking_code: `7700${receiptId}` }),
    ]);
});
