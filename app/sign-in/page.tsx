import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInButton } from "@/components/sign-in-button";
import { sessionSeller, signInReason } from "@/lib/auth/seller";
import { idleLimitInWords } from "@/lib/auth/sessions";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { DATABASE_DOWN_SIGN_IN } from "@/lib/actions/database-down";

export const metadata: Metadata = { title: "Sign in" };

/** next-auth's error codes, and our own reasons, in words a seller can act on. */
const MESSAGES: Record<string, string> = {
  AccessDenied:
    "You chose not to allow access on the marketplace, so you are not signed in. Sign in again and choose “Allow access” to use the dashboard.",
  OAuthCallbackError:
    "The marketplace did not complete the sign-in (you may have denied access). Sign in again and choose “Allow access”.",
  InvalidCheck:
    "The sign-in could not be verified (it may have been started in another tab or taken too long). Please sign in again.",
  CallbackRouteError: "The sign-in could not be completed with the marketplace. Please try again in a moment.",
  DatabaseDown: DATABASE_DOWN_SIGN_IN,
  Configuration: "The dashboard could not reach the marketplace to complete the sign-in. Please try again in a moment.",
  expired:
    "Your marketplace sign-in has expired. Sign in again to continue; any unsaved changes will be waiting for you.",
  "shop-scope":
    "The dashboard needs permission to see your shop to find your listings, so you are not signed in. Sign in again and keep “See your shop's description, messages and sections, even if not public” checked.",
  "signed-out": "You are signed out.",
  "signed-out-everywhere": "You are signed out on every browser and device where you used the dashboard.",
  "session-ended":
    "You were signed out because this session was ended (you signed out here or on another device, or chose “Sign out everywhere”). Sign in again to continue; any unsaved changes in this tab will be waiting for you.",
  "session-idle":
    "You were signed out after {idle} without activity. Sign in again to continue; any unsaved changes in this tab will be waiting for you.",
  "session-expired":
    "Your session reached its maximum age, so you were signed out. Sign in again to continue; any unsaved changes in this tab will be waiting for you.",
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const search = await searchParams;
  const callbackUrl = safeCallbackPath(search.callbackUrl);
  const seller = await sessionSeller();
  if (!search.reason && !search.error && seller && !seller.error) redirect(callbackUrl);
  const code = search.error ?? signInReason(seller) ?? search.reason;
  const message = code
    ? (MESSAGES[code] ?? MESSAGES.CallbackRouteError)?.replace("{idle}", idleLimitInWords())
    : undefined;
  const calm = code === "signed-out" || code === "signed-out-everywhere";
  return (
    <main
      id="main"
      tabIndex={-1}
      className="outline-none mx-3 mt-10 max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:mx-auto sm:mt-24 sm:p-8"
    >
      <h1 className="text-2xl font-semibold">Personalization dashboard</h1>
      <p className="mt-2 text-stone-600">Edit the question buyers answer when they personalize your listings.</p>
      {message && (
        <p
          role={calm ? "status" : "alert"}
          className={`mt-6 rounded-lg p-3 text-sm ${calm ? "bg-stone-100 text-stone-800" : "bg-red-50 text-red-900 ring-1 ring-red-200"}`}
        >
          {message}
        </p>
      )}
      <div className="mt-6">
        <SignInButton callbackUrl={callbackUrl} />
      </div>
      <p className="mt-6 text-xs text-stone-500">
        You sign in on the marketplace&apos;s own page; this dashboard never sees your password.
      </p>
    </main>
  );
}
