import { SignInButton } from "@/components/sign-in-button";

/** Shown instead of the orders when the seller's grant predates the dashboard reading them. */
export function AllowOrders() {
  return (
    <div role="status" className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
      <p>
        To show what buyers answered, the dashboard needs your permission to read your shop&apos;s orders
        (transactions_r), which you have not given it yet; your listings, history and changes stay as they are.
      </p>
      <div className="mt-3">
        <SignInButton callbackUrl="/orders" label="Allow reading orders" />
      </div>
    </div>
  );
}
