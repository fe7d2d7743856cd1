// Liveness: the process answers. No I/O, so a slow database or marketplace never gets a live instance restarted.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(
    { status: "ok", uptimeSeconds: Math.round(process.uptime()) },
    { headers: { "cache-control": "no-store" } },
  );
}
