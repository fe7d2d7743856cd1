import { signInAction } from "@/app/auth-actions";
import { PERMISSION_NAMES } from "@/lib/marketplace/scopes";

/** The editor without listings_w: unchecked at sign-in, or withdrawn from the grant at a refresh (docs/marketplace.md §15). */
export function CannotEditNotice({ here, what = "this question is" }: { here: string; what?: string }) {
  return (
    <div role="status" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
      <p>
        The dashboard lacks the permission “{PERMISSION_NAMES.listings_w}”, so {what} read-only: sign in again and allow
        it.
      </p>
      <form action={signInAction} className="mt-3">
        <input type="hidden" name="callbackUrl" value={here} />
        <button type="submit" className="min-h-11 rounded-md bg-stone-900 px-3 py-1.5 font-medium text-white">
          Sign in again
        </button>
      </form>
    </div>
  );
}
