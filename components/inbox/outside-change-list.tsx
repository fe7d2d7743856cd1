"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { OutsideChange } from "@/lib/mirror/mirror-store";
import { questionDiff } from "@/lib/personalization/question-diff";
import { describeSnapshot } from "@/lib/personalization/snapshot";
import { settleOutsideChangeAction } from "@/app/inbox/settle-outside-change";
import { QuestionDiff } from "../questions/question-diff";
import { useFeedback } from "../feedback/toast-context";
import { callAction } from "../feedback/call-action";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { LocalTime } from "../local-time";
import { signInAgainPath } from "../use-sign-in-on-expiry";

const DECISIONS = [
  { decision: "keep", label: "Keep it", className: "bg-blue-700 text-white hover:bg-blue-800" },
  { decision: "revert", label: "Revert it", className: "text-stone-900 ring-1 ring-stone-300 hover:bg-stone-100" },
] as const;

const FOUND_BY: Record<OutsideChange["foundBy"], string> = {
  webhook: "reported by the marketplace's webhook",
  poll: "found by polling the marketplace",
  read: "found when the listings were read",
  fill: "found when the shop was first read",
};

/** Each personalization change the dashboard did not make, newest first: keep it, revert it, or open the listing. */
export function OutsideChangeList({ changes, canEdit }: { changes: OutsideChange[]; canEdit: boolean }) {
  const router = useRouter();
  const { notify, clear } = useFeedback();
  const [pending, startTransition] = useTransition();

  const settle = (change: OutsideChange, decision: "keep" | "revert") => {
    clear();
    startTransition(async () => {
      const result = await callAction(() => settleOutsideChangeAction({ changeId: change.id, decision }));
      if (!result.ok) {
        if (result.reauth) router.push(signInAgainPath("/inbox"));
        notify(
          {
            tone: "error",
            text: `${result.unconfirmed ? "Not confirmed." : "Nothing changed."} ${result.formError}`,
            action: result.olderPage && <ReloadPageButton />,
          },
          { focus: true },
        );
        return;
      }
      notify(
        {
          tone: "success",
          text:
            decision === "keep"
              ? `Kept. “${change.title}” stays as it was changed.`
              : `Reverted. “${change.title}” asks buyers again: ${describeSnapshot(change.before)}.`,
        },
        { focus: true },
      );
      router.refresh();
    });
  };

  if (changes.length === 0)
    return <p className="mt-4 text-sm">No changes from outside the dashboard. Changes made elsewhere show here.</p>;
  return (
    <ol className="mt-4 space-y-4" aria-label="Outside changes">
      {changes.map((change) => (
        <li key={change.id} className="rounded-xl bg-white p-4 text-stone-900 ring-1 ring-stone-200">
          <h2 className="font-medium">{change.title}</h2>
          <p className="text-xs text-stone-600">
            Changed outside the dashboard
            {change.changedAt !== null && (
              <>
                {" "}
                at <LocalTime at={change.changedAt * 1000} />
              </>
            )}
            , {FOUND_BY[change.foundBy]} at <LocalTime at={change.detectedAt} />.
          </p>
          <QuestionDiff changes={questionDiff(change.before.questions, change.after.questions)} />
          <div className="mt-3 flex flex-wrap gap-2">
            {canEdit &&
              DECISIONS.map(({ decision, label, className }) => (
                <button
                  key={decision}
                  type="button"
                  disabled={pending}
                  onClick={() => settle(change, decision)}
                  aria-label={`${label}: the change to “${change.title}”`}
                  className={`rounded-md px-3 py-2 text-sm font-medium disabled:opacity-60 ${className}`}
                >
                  {label}
                </button>
              ))}
            <Link
              href={`/listings/${change.listingId}`}
              aria-label={`Open “${change.title}”`}
              className="rounded-md px-3 py-2 text-sm font-medium text-blue-800 underline underline-offset-2"
            >
              Open the listing
            </Link>
          </div>
        </li>
      ))}
    </ol>
  );
}
