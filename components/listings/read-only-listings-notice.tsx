import { SignInButton } from "../sign-in-button";
import { buttonClass } from "../ui/button";

export function ReadOnlyListingsNotice({ here }: { here: string }) {
  return (
    <section
      aria-labelledby="read-only-heading"
      className="mt-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="read-only-listings"
    >
      <h2 id="read-only-heading" className="font-semibold">
        You can look, but not change
      </h2>
      <p className="mt-1">
        When you signed in, you did not allow the dashboard to “Create and edit your listings”, so it can show what
        buyers are asked but cannot change it: no changes to many listings here, and each listing&apos;s question is
        read-only. Sign in again and keep that permission checked to edit.
      </p>
      <div className="mt-3">
        <SignInButton callbackUrl={here} label="Sign in again" className={buttonClass("dark")} />
      </div>
    </section>
  );
}
