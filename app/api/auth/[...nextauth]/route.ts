import { after, NextRequest, NextResponse } from "next/server";
import { decode } from "next-auth/jwt";
import { handlers } from "@/lib/auth/auth";
import { databaseAnswersNow } from "@/lib/db";
import { readBodyUpTo } from "@/lib/security/limited-body";

/** next-auth's POSTs (sign-in, sign-out) carry a form of a CSRF token and a callback URL: far less than this. */
const AUTH_BODY_MAX_BYTES = 16 * 1024;
const AUTH_TOO_LARGE = `This sign-in request is larger than the ${AUTH_BODY_MAX_BYTES / 1024} kB the dashboard accepts. Start again from the sign-in page.`;

/**
 * docs/marketplace.md §5.5.1 and §7.3: a callback whose state is missing or is not the one this browser was sent with stops the flow.
 * next-auth refuses it too, but reports it as a configuration fault; this check only picks the seller's message.
 */
async function stateMatches(request: NextRequest) {
  const returned = request.nextUrl.searchParams.get("state");
  const cookie = request.cookies.get("__Secure-authjs.state") ?? request.cookies.get("authjs.state");
  if (!returned || !cookie) return false;
  const sealed = await decode({ token: cookie.value, secret: process.env.AUTH_SECRET ?? "", salt: cookie.name }).catch(
    () => null,
  );
  return sealed?.value === returned;
}

const CALLBACK_COOKIES = ["__Secure-authjs.callback-url", "authjs.callback-url"];

/** next-auth writes an absolute http(s) URL here; anything else was written by someone else, and next-auth would throw. */
function forgedCallbackCookie(request: NextRequest) {
  const pairs = (request.headers.get("cookie") ?? "")
    .split(/; */)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]);
  return pairs.some(([name = "", value = ""]) => {
    if (!CALLBACK_COOKIES.includes(name)) return false;
    let url: URL | null;
    try {
      url = URL.parse(decodeURIComponent(value));
    } catch {
      return true;
    }
    return !url || (url.protocol !== "http:" && url.protocol !== "https:");
  });
}

function refuseForgedCookie() {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in · Personalization dashboard</title></head>
<body><main><h1>Personalization dashboard</h1><p role="alert">The sign-in could not be completed because one of its cookies was altered. Start again from the sign-in page.</p>
<p><a href="/sign-in">Go to the sign-in page</a></p></main></body></html>`;
  const response = new NextResponse(page, {
    status: 400,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
  for (const name of CALLBACK_COOKIES)
    response.cookies.set({
      name,
      value: "",
      path: "/",
      maxAge: 0,
      httpOnly: true,
      sameSite: "lax",
      secure: name.startsWith("__Secure-"),
    });
  return response;
}

/**
 * A sign-in's start and its return need the database (its session row, the seller's tokens): while it does not answer,
 * the seller is told so before anything is sent to the marketplace (the code's exchange, the seller and shop reads).
 */
async function refusedForTheDatabase(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!pathname.includes("/signin/") && !pathname.includes("/callback/")) return undefined;
  if (await databaseAnswersNow()) return undefined;
  return NextResponse.redirect(new URL("/sign-in?error=DatabaseDown", request.nextUrl), 303);
}

export async function GET(request: NextRequest) {
  if (forgedCallbackCookie(request)) return refuseForgedCookie();
  const refused = await refusedForTheDatabase(request);
  if (refused) return refused;
  const { pathname, searchParams } = request.nextUrl;
  if (pathname.endsWith("/callback/marketplace")) {
    if (!(await stateMatches(request)))
      return NextResponse.redirect(new URL("/sign-in?error=InvalidCheck", request.nextUrl));
    if (searchParams.get("error") === "access_denied")
      return NextResponse.redirect(new URL("/sign-in?error=AccessDenied", request.nextUrl));
  }
  return handlers.GET(request);
}

export async function POST(request: NextRequest) {
  if (forgedCallbackCookie(request)) return refuseForgedCookie();
  const refused = await refusedForTheDatabase(request);
  if (refused) return refused;
  // Open to anyone: the body is read here up to the bound, so next-auth never holds one of any size.
  const body = await readBodyUpTo(request, AUTH_BODY_MAX_BYTES);
  if (!body.ok) {
    after(body.cancel);
    return NextResponse.json({ error: AUTH_TOO_LARGE }, { status: 413 });
  }
  return handlers.POST(
    new NextRequest(request.url, { method: "POST", headers: request.headers, body: body.bytes as BodyInit }),
  );
}
