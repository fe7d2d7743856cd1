"use client";

import { useRef } from "react";
import { signOutEverywhereAction } from "@/app/auth-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { BUTTON_CLASS } from "./ui/button";

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
      <ConfirmDialog
        dialogRef={dialog}
        name="sign-out-everywhere"
        heading="Sign out everywhere?"
        text="This ends your sessions on every browser and device, this one included. Unsaved changes in other tabs wait for you to sign in again there."
        keep={{ label: "Stay signed in", onClick: () => dialog.current?.close() }}
        formAction={signOutEverywhereAction}
      >
        <button type="submit" className={BUTTON_CLASS.danger}>
          Sign out everywhere
        </button>
      </ConfirmDialog>
    </>
  );
}
