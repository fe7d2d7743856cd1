"use client";

import { unstable_isUnrecognizedActionError } from "next/navigation";
import { OLDER_PAGE } from "@/components/feedback/call-action";
import { ReloadPageButton } from "@/components/feedback/reload-page-button";
import { DATABASE_DOWN_PAGE } from "@/lib/actions/database-down";
import { DATABASE_UNAVAILABLE_DIGEST } from "@/lib/db/outage-state";

/**
 * A form posting an action straight to the server (sign in, sign out) on a page from an older build of the dashboard:
 * what callAction says for the other actions, said here; and a page that found the database down before this process
 * knew it (from then on proxy.ts answers 503). Any other error goes on to Next's own error page.
 */
export default function OlderPageError({ error }: { error: Error & { digest?: string } }) {
  const databaseDown = error.digest === DATABASE_UNAVAILABLE_DIGEST;
  if (!databaseDown && !unstable_isUnrecognizedActionError(error)) throw error;
  return (
    <main id="main" className="mx-auto max-w-2xl p-6">
      <p role="alert" className="rounded-md bg-red-50 p-3 text-red-950 ring-1 ring-red-300">
        {databaseDown ? DATABASE_DOWN_PAGE : OLDER_PAGE.kept}
      </p>
      <ReloadPageButton />
    </main>
  );
}
