// What a seller reads when an action finds the dashboard's database down (docs/deploy.md, "When the database is down").

/** Before anything was sent: the session is checked in the database first. */
export const DATABASE_DOWN =
  "The dashboard is unavailable for a moment: it cannot reach its database, so nothing was saved and nothing was sent to the marketplace. What you typed is kept: save again in a minute.";

/** Mid-way: the marketplace may have taken the change before the dashboard could record it. */
export const DATABASE_LOST =
  "The dashboard lost its database while saving, so it cannot tell whether the marketplace took your change. What you typed is kept: in a minute, reload the listing to check, then save again if needed.";

/** A page asked for while the database is down (proxy.ts answers it with 503). */
export const DATABASE_DOWN_PAGE =
  "The dashboard is unavailable for a moment: it cannot reach its database, so it cannot show this page. Nothing is lost: reload the page in a minute.";

/** A sign-in started or returning while the database is down: nothing was sent to the marketplace. */
export const DATABASE_DOWN_SIGN_IN =
  "The dashboard cannot sign you in right now: it cannot reach its database, so nothing was sent to the marketplace. Sign in again in a minute.";
