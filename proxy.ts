import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, marketplaceImageOrigin, newNonce } from "./lib/security/content-security-policy";
import { actionBodyProblem, refusalOf } from "./lib/security/refusals";
import { isPageRequest, unavailablePage } from "./lib/security/unavailable-page";
import { databaseOutage } from "./lib/db/outage-state";
import { DATABASE_DOWN_PAGE, DATABASE_DOWN_SIGN_IN } from "./lib/actions/database-down";

// HSTS is a run-time decision: one build serves both http://localhost and an https deployment.
const strictTransport = process.env.NODE_ENV === "production" && (process.env.AUTH_URL ?? "").startsWith("https://");
const imageOrigin = marketplaceImageOrigin();

/**
 * A fresh CSP nonce per request (Next's CSP guide): on the response, and on the request, from which Next takes the
 * nonce for its own scripts while it renders (a CSP header the client sent is replaced, never trusted). Writes Next
 * would answer with a 500 are refused here with a 4xx (lib/security/refusals.ts). While this process knows the
 * database to be down, a page is a 503 with a sentence (Next's pages could only fail with its 500); the APIs and the
 * actions say so themselves, and the outage's end is noticed by lib/db/database.ts's probe.
 */
export async function proxy(request: NextRequest) {
  const csp = contentSecurityPolicy(newNonce(), imageOrigin);
  const refusal = refusalOf(request) ?? (await actionBodyProblem(request));
  let response: NextResponse;
  if (!refusal && databaseOutage() && isPageRequest(request)) {
    response = new NextResponse(
      request.method === "HEAD"
        ? null
        : unavailablePage(request.nextUrl.pathname === "/sign-in" ? DATABASE_DOWN_SIGN_IN : DATABASE_DOWN_PAGE),
      {
        status: 503,
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": "30" },
      },
    );
  } else if (refusal) {
    response = NextResponse.json({ error: refusal.error }, { status: refusal.status });
    response.headers.set("cache-control", "no-store");
  } else {
    const headers = new Headers(request.headers);
    headers.set("content-security-policy", csp);
    headers.delete("content-security-policy-report-only");
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set("content-security-policy", csp);
  if (strictTransport) response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  return response;
}

// The marketplace's signed webhooks skip it: they need no nonce or action refusals, and its pass cost each delivery more
// CPU than the route itself (bench/load/mirror.ts).
export const config = { matcher: ["/((?!_next/static|_next/image|api/webhooks/).*)"] };
