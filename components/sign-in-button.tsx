import { signInAction } from "@/app/auth-actions";

export function SignInButton({
  callbackUrl,
  label = "Sign in with the marketplace",
}: {
  callbackUrl: string;
  label?: string;
}) {
  return (
    <form action={signInAction}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <button
        type="submit"
        className="min-h-11 rounded-lg bg-brand px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-dark"
      >
        {label}
      </button>
    </form>
  );
}
