import { signInAction } from "@/app/auth-actions";

export function CannotEditNotice({ here }: { here: string }) {
  return (
    <div role="status" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
      <p>
        You did not allow the dashboard to edit listings, so this question is read-only. Sign in again and keep “Create
        and edit your listings” checked.
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
