import { signInAction } from "@/app/auth-actions";

/** After a write refused for a missing permission: signs in again, keeping what the seller typed (`keep`) for the editor to restore. */
export function SignInToAllowEditing({ here, keep }: { here: string; keep: () => void }) {
  return (
    <form action={signInAction} onSubmit={keep} data-keeps-draft className="mt-2">
      <input type="hidden" name="callbackUrl" value={here} />
      <button
        type="submit"
        className="min-h-11 rounded-md bg-red-800 px-3 py-1.5 font-medium text-white hover:bg-red-900"
      >
        Sign in again and allow editing
      </button>
    </form>
  );
}
