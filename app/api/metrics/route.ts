import { timingSafeEqual } from "node:crypto";
import { sessions } from "@/lib/auth/sessions";
import { tokenStore } from "@/lib/tokens/token-store";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { lastRequestStore } from "@/lib/marketplace/last-request";
import { metrics } from "@/lib/observability/metrics";
import { appQuota } from "@/lib/observability/quota-warning";

export const dynamic = "force-dynamic";

const refusal = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers: { "cache-control": "no-store", ...headers } });

function bearerMatches(header: string | null, token: string) {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function GET(request: Request) {
  const token = env().METRICS_TOKEN;
  if (!token)
    return refusal(
      403,
      "Metrics are turned off on this server. Set METRICS_TOKEN on every instance and send it as `Authorization: Bearer <token>`.",
    );
  if (!bearerMatches(request.headers.get("authorization"), token))
    return refusal(401, "This endpoint needs the metrics token: send `Authorization: Bearer <METRICS_TOKEN>`.", {
      "www-authenticate": 'Bearer realm="metrics"',
    });
  const {
    registry,
    readAtScrape,
    activeSessions,
    unreadableTokens,
    lastSuccessfulRequest,
    quotaSpent,
    quotaRequests,
    quotaRunsOut,
  } = metrics();
  activeSessions.set(await (await sessions()).count());
  unreadableTokens.set((await tokenStore(await db()).unreadable()).length);
  const lastSuccess = await lastRequestStore(await db()).read();
  if (lastSuccess === null) lastSuccessfulRequest.reset();
  else lastSuccessfulRequest.set(Math.floor(lastSuccess / 1000));
  const quota = appQuota().status();
  if (quota === null) {
    quotaSpent.reset();
    quotaRequests.reset();
  } else {
    quotaSpent.set(quota.share);
    quotaRequests.set({ count: "spent" }, quota.spent);
    quotaRequests.set({ count: "limit" }, quota.limit);
  }
  quotaRunsOut.set(quota?.runsOutAt ? Math.floor(quota.runsOutAt / 1000) : 0);
  return new Response((await registry.metrics()) + (await readAtScrape.metrics()), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}
