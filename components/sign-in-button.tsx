import { signInAction } from "@/app/auth-actions";

export function SignInButton({
  callbackUrl,
  label = "Sign in with the marketplace",
  className = "min-h-11 rounded-lg bg-brand px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-dark",
  keepDraft,
}: {
  callbackUrl: string;
  label?: string;
  className?: string;
  /** Keeps what the seller typed for the editor to restore; the unsaved-changes guard lets such a form go. */
  keepDraft?: () => void;
}) {
  return (
    <form action={signInAction} onSubmit={keepDraft} data-keeps-draft={keepDraft ? "" : undefined}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  );
}
