import { NextResponse, type NextRequest } from "next/server";
import { decode } from "next-auth/jwt";
import { handlers } from "@/lib/auth/auth";

/**
 * Spec 5.5.1 and 7.3: a callback whose state is missing or is not the one this browser was sent with stops the flow.
 * next-auth refuses it too, but reports it as a configuration fault; this check only picks the seller's message.
 */
async function stateMatches(request: NextRequest) {
  const returned = request.nextUrl.searchParams.get("state");
  const cookie = request.cookies.get("__Secure-authjs.state") ?? request.cookies.get("authjs.state");
  if (!returned || !cookie) return false;
  const sealed = await decode({ token: cookie.value, secret: process.env.AUTH_SECRET ?? "", salt: cookie.name }).catch(() => null);
  return sealed?.value === returned;
}

/** next-auth reports every provider error as one code; a seller who pressed "Deny" deserves to be told just that. */
export async function GET(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname.endsWith("/callback/marketplace")) {
    if (!(await stateMatches(request))) return NextResponse.redirect(new URL("/sign-in?error=InvalidCheck", request.nextUrl));
    if (searchParams.get("error") === "access_denied") return NextResponse.redirect(new URL("/sign-in?error=AccessDenied", request.nextUrl));
  }
  return handlers.GET(request);
}

export const { POST } = handlers;
