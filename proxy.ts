import { NextResponse } from "next/server";

// HSTS is a run-time decision: one build serves both http://localhost and an https deployment (next.config.js
// headers are fixed at build time). Read once, when the server starts.
const strictTransport = process.env.NODE_ENV === "production" && (process.env.AUTH_URL ?? "").startsWith("https://");

export function proxy() {
  const response = NextResponse.next();
  if (strictTransport) response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  return response;
}

export const config = { matcher: ["/((?!_next/static|_next/image).*)"] };
