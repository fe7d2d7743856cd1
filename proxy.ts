import { NextResponse, type NextRequest } from "next/server";
import { actionBodyProblem, foreignOrigin, type Refusal } from "./lib/security/action-request";
import { contentSecurityPolicy, newNonce } from "./lib/security/content-security-policy";

// HSTS is a run-time decision: one build serves both http://localhost and an https deployment (next.config.js
// headers are fixed at build time). Read once, when the server starts.
const strictTransport = process.env.NODE_ENV === "production" && (process.env.AUTH_URL ?? "").startsWith("https://");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function secured(response: NextResponse, csp: string) {
  response.headers.set("content-security-policy", csp);
  if (strictTransport) response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  return response;
}

async function refusal(request: NextRequest): Promise<Refusal | undefined> {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  return foreignOrigin(request.headers.get("origin"), host) ?? (request.headers.has("next-action") ? await actionBodyProblem(request) : undefined);
}

export async function proxy(request: NextRequest) {
  const csp = contentSecurityPolicy(newNonce());
  const refused = await refusal(request);
  if (refused) return secured(NextResponse.json({ error: refused.error }, { status: refused.status, headers: { "cache-control": "no-store" } }), csp);
  // Next takes the nonce for its own scripts from the request's CSP header while it renders the page.
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  return secured(NextResponse.next({ request: { headers } }), csp);
}

export const config = { matcher: ["/((?!_next/static|_next/image).*)"] };
