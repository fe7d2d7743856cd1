import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, callApi, issueTokensFor, resetSandbox, sandboxControl, startTestSandbox } from "../test/harness/sandbox";
import type { RunningSandbox } from "../sandbox/server";
import { rehearseWeek } from "./seller-week";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ phase: "webhooks" });
});
afterAll(() => sandbox.close());

const DAY = 24 * 3600;
const NAME_NECKLACE = 1_000_000_001;
const NO_QUESTION = 1_000_000_002;

async function receiptsOf(query: string) {
  const { access_token: token } = await issueTokensFor(sandbox.url, {
    user_id: ADA.user_id,
    scopes: ["transactions_r"],
  });
  const page = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?limit=100&${query}`, { token });
  expect(page.status, page.text).toBe(200);
  return page.body.results as { receipt_id: number; status: string }[];
}

describe("a seller's week rehearsed", () => {
  it("moves the clock through the days, each order living the life of its place in the week so far", async () => {
    await resetSandbox(sandbox.url);
    const week = await rehearseWeek({
      base: sandbox.url,
      days: 2,
      perDay: 10,
      listingIds: [NAME_NECKLACE, NO_QUESTION],
    });
    expect(week.to).toBe(week.from + 2 * DAY);
    // The sandbox clock runs on from where it was set, as wall time does.
    const clock = (await sandboxControl(sandbox.url, "/clock")).body.now as number;
    expect(clock - week.to).toBeGreaterThanOrEqual(0);
    expect(clock - week.to).toBeLessThan(60);
    expect(week.orders).toHaveLength(20);
    const status = new Map((await receiptsOf(`min_created=${week.from}`)).map((r) => [r.receipt_id, r.status]));
    // The first day's orders are a day old or more: their first step is taken; the second day's are not yet.
    expect(week.orders.map((order) => status.get(order.receipt_id))).toEqual([
      ...["completed", "completed", "completed", "canceled", "completed", "completed", "paid", "canceled"],
      ...["completed", "fully refunded"],
      ...["paid", "paid", "paid", "paid", "paid", "paid", "payment processing", "payment processing", "paid", "paid"],
    ]);
    const cancelled = (await receiptsOf("was_canceled=true")).map((r) => r.receipt_id);
    expect(cancelled).toEqual([week.orders[7]!.receipt_id, week.orders[3]!.receipt_id]);
  });

  it("delivers the orders shipped long enough ago, and refunds in part after shipping", async () => {
    await resetSandbox(sandbox.url);
    const week = await rehearseWeek({ base: sandbox.url, days: 6, perDay: 1, listingIds: [NO_QUESTION] });
    const delivered = (await receiptsOf("was_delivered=true")).map((r) => r.receipt_id);
    expect(delivered).toEqual([week.orders[1]!.receipt_id, week.orders[0]!.receipt_id]);
    expect(week.orders[5]!.life).toBe("partially refunded");
    expect(week.unfinished).toBeGreaterThan(0);
  });
});
