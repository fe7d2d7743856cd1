import { signInAgainPath } from "../use-sign-in-on-expiry";
import { ReloadPageButton } from "../feedback/reload-page-button";

export type SignInReason = Parameters<typeof signInAgainPath>[1];

export type PlanChangeFailure = {
  form: string;
  fields?: Record<string, string>;
  signIn?: SignInReason;
  olderPage?: boolean;
};

/** Why the change could not be planned, each field's rule, and the way on: sign in again or reload an older page. */
export function PlanChangeError({ error, keepDraft }: { error: PlanChangeFailure; keepDraft: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
      <p>{error.form}</p>
      {error.fields && (
        <ul className="mt-1 list-disc pl-5">
          {Object.entries(error.fields).map(([name, message]) => (
            <li key={name}>{message}</li>
          ))}
        </ul>
      )}
      {error.signIn && (
        <button
          type="button"
          className="mt-2 min-h-11 rounded-md bg-stone-900 px-4 font-medium text-white hover:bg-stone-700"
          onClick={() => {
            keepDraft();
            window.location.assign(signInAgainPath(window.location.pathname + window.location.search, error.signIn));
          }}
        >
          Sign in again
        </button>
      )}
      {error.olderPage && <ReloadPageButton keep={keepDraft} />}
    </div>
  );
}
