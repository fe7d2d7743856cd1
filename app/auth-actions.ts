"use server";

import { signIn, signOut } from "@/lib/auth/auth";
import { currentSeller } from "@/lib/auth/seller";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { endEverySession } from "@/lib/auth/sessions";
import { databaseAnswersNow } from "@/lib/db";
import { redirect } from "next/navigation";

export async function signInAction(formData: FormData) {
  // Not sent to the marketplace's sign-in while the dashboard could not keep its session (docs/security.md).
  if (!(await databaseAnswersNow())) redirect("/sign-in?error=DatabaseDown");
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
