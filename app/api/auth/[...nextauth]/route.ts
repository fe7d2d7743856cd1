import { NextResponse, type NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";

/** next-auth reports every provider error as one code; a seller who pressed "Deny" deserves to be told just that. */
export async function GET(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname.endsWith("/callback/marketplace") && searchParams.get("error") === "access_denied") {
    return NextResponse.redirect(new URL("/sign-in?error=AccessDenied", request.nextUrl));
  }
  return handlers.GET(request);
}

export const { POST } = handlers;
