"use client";

import { unstable_isUnrecognizedActionError } from "next/navigation";
import type { ActionResult } from "@/lib/actions/seller-action";

export const OLDER_PAGE = {
  kept: "This page is from an older version of the dashboard. Reload it to go on; what you typed is kept.",
  lost: "This page is from an older version of the dashboard. Reload it to go on, then enter your changes again.",
};

let olderPage = false;

/** Whether an action of this page was refused as unknown: the dashboard was updated since the page loaded. */
export const isOlderPage = () => olderPage;

/**
 * Every server action is called through here. During a rolling deploy a page of the old build may post an action the
 * new build no longer has (Next answers 409 with x-nextjs-action-not-found and its client throws): the caller gets a
 * failure like any other, saying to reload, instead of an error page.
 */
export async function callAction<T>(
  action: () => Promise<ActionResult<T>>,
  typed: keyof typeof OLDER_PAGE = "kept",
): Promise<ActionResult<T>> {
  try {
    return await action();
  } catch (error) {
    if (!unstable_isUnrecognizedActionError(error)) throw error;
    olderPage = true;
    return { ok: false, olderPage: true, formError: OLDER_PAGE[typed] };
  }
}
