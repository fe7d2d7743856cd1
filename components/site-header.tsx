import Link from "next/link";
import { signOutAction, signOutEverywhereAction } from "@/app/auth-actions";

export function SiteHeader({ shopName }: { shopName: string | null }) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/listings" className="font-semibold text-stone-900">
          Personalization dashboard
        </Link>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {shopName && <span className="text-stone-600">{shopName}</span>}
          <form action={signOutEverywhereAction}>
            <button type="submit" className="whitespace-nowrap rounded-md px-2 py-1.5 text-stone-600 underline-offset-2 hover:underline" title="Ends your sessions on every browser and device">
              Sign out everywhere
            </button>
          </form>
          <form action={signOutAction}>
            <button type="submit" className="whitespace-nowrap rounded-md border border-stone-300 px-3 py-1.5 hover:bg-stone-100">
              Sign out
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
