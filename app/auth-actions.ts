"use server";

import { signIn, signOut } from "@/lib/auth/auth";
import { safeCallbackPath } from "@/lib/auth/scopes";

export async function signInAction(formData: FormData) {
  await signIn("marketplace", { redirectTo: safeCallbackPath(formData.get("callbackUrl")) });
}

export async function signOutAction() {
  await signOut({ redirectTo: "/sign-in?reason=signed-out" });
}
