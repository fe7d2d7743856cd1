import Link from "next/link";
import { signOutAction, signOutEverywhereAction } from "@/app/auth-actions";

export function SiteHeader({ shopName }: { shopName: string | null }) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/listings" className="font-semibold text-stone-900">
          Personalization dashboard
        </Link>
        <div className="flex items-center gap-4 text-sm">
          {shopName && <span className="text-stone-600">{shopName}</span>}
          <form action={signOutEverywhereAction}>
            <button type="submit" className="rounded-md px-2 py-1.5 text-stone-600 underline-offset-2 hover:underline" title="Ends your sessions on every browser and device">
              Sign out everywhere
            </button>
          </form>
          <form action={signOutAction}>
            <button type="submit" className="rounded-md border border-stone-300 px-3 py-1.5 hover:bg-stone-100">
              Sign out
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
