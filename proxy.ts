import { NextResponse, type NextRequest } from "next/server";
import { actionBodyProblem, foreignOrigin, type Refusal } from "./lib/security/action-request";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function refusal(request: NextRequest): Promise<Refusal | undefined> {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  return foreignOrigin(request.headers.get("origin"), host) ?? (request.headers.has("next-action") ? await actionBodyProblem(request) : undefined);
}

/** Refuses, with a 4xx and a sentence, what Next would answer with a 500 (lib/security/action-request.ts). */
export async function proxy(request: NextRequest) {
  const refused = await refusal(request);
  if (refused) return NextResponse.json({ error: refused.error }, { status: refused.status, headers: { "cache-control": "no-store" } });
  return NextResponse.next();
}

// Only a request with an Origin (every browser POST) or a server action can be refused, so only those pay for a proxy
// pass; the CSP nonce and HSTS go on every response from the server itself (lib/security/response-headers.ts).
export const config = {
  matcher: [
    { source: "/((?!_next/static|_next/image).*)", has: [{ type: "header", key: "origin" }] },
    { source: "/((?!_next/static|_next/image).*)", has: [{ type: "header", key: "next-action" }] },
  ],
};
