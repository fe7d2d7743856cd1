import { readiness } from "@/lib/readiness/readiness";

export const dynamic = "force-dynamic";

// Readiness: 503 takes the instance out of the proxy's rotation until its store and the marketplace answer.
export async function GET() {
  const { ready, reason, checks, lastSuccessfulMarketplaceRequest, quota } = await readiness();
  return Response.json(
    {
      status: ready ? "ready" : "not ready",
      ...(reason && { reason }),
      checks,
      lastSuccessfulMarketplaceRequest,
      quota,
    },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
