import { readiness } from "@/lib/readiness/readiness";

export const dynamic = "force-dynamic";

// Readiness: 503 takes the instance out of the proxy's rotation until its store and the marketplace answer. Anyone may
// ask, so it answers from local work only (lib/readiness/readiness.ts); the quota and timing are in /api/metrics.
export async function GET() {
  const { ready, reason, checks } = await readiness();
  return Response.json(
    {
      status: ready ? "ready" : "not ready",
      ...(reason && { reason }),
      checks,
    },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
