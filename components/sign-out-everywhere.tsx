"use client";

import { useRef } from "react";
import { signOutEverywhereAction } from "@/app/auth-actions";

/** Ends every session of the seller, on every device, but only once they have said yes. */
export function SignOutEverywhere() {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="min-h-11 rounded-md px-2 whitespace-nowrap text-stone-600 underline-offset-2 hover:underline md:min-h-9"
      >
        Sign out everywhere…
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="sign-out-everywhere-heading"
        aria-describedby="sign-out-everywhere-text"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-stone-900 backdrop:bg-black/50"
      >
        <h2 id="sign-out-everywhere-heading" className="text-lg font-semibold">
          Sign out everywhere?
        </h2>
        <p id="sign-out-everywhere-text" className="mt-2 text-sm text-stone-700">
          This ends your sessions on every browser and device, this one included. Unsaved changes in other tabs wait for
          you to sign in again there.
        </p>
        <form action={signOutEverywhereAction} className="mt-5 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            autoFocus
            onClick={() => dialog.current?.close()}
            className="min-h-11 rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            Stay signed in
          </button>
          <button
            type="submit"
            className="min-h-11 rounded-md bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900"
          >
            Sign out everywhere
          </button>
        </form>
      </dialog>
    </>
  );
}
