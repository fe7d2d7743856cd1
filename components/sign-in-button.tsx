import { signInAction } from "@/app/auth-actions";

export function SignInButton({
  callbackUrl,
  label = "Sign in with the marketplace",
  className = "min-h-11 rounded-lg bg-brand px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-dark",
}: {
  callbackUrl: string;
  label?: string;
  className?: string;
}) {
  return (
    <form action={signInAction}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  );
}
