"use server";

import { signIn, signOut } from "@/lib/auth/auth";
import { currentSeller } from "@/lib/auth/seller";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { endEverySession } from "@/lib/auth/sessions";

export async function signInAction(formData: FormData) {
  await signIn("marketplace", { redirectTo: safeCallbackPath(formData.get("callbackUrl")) });
}

export async function signOutAction() {
  await signOut({ redirectTo: "/sign-in?reason=signed-out" });
}

export async function signOutEverywhereAction() {
  const seller = await currentSeller();
  if (seller) await endEverySession(seller.userId);
  await signOut({ redirectTo: seller ? "/sign-in?reason=signed-out-everywhere" : "/sign-in?reason=signed-out" });
}
