"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { planHealthFixAction } from "@/app/inbox/plan-health-fix";
import { callAction } from "../feedback/call-action";

/** Plans every finding's fix that needs no words as one plan and opens it for review: nothing is written yet. */
export function AutomaticFixesButton({ hintId }: { hintId: string }) {
  const router = useRouter();
  const [planning, startTransition] = useTransition();
  const [error, setError] = useState<string>();

  function plan() {
    setError(undefined);
    startTransition(async () => {
      const result = await callAction(() => planHealthFixAction({ every: "automatic" }), "lost");
      if (!result.ok) return setError(result.formError);
      router.push(`/changes/${result.data.planId}`);
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={plan}
        disabled={planning}
        aria-describedby={hintId}
        className="mt-3 min-h-11 rounded-md bg-brand px-4 font-medium text-white hover:bg-brand-dark disabled:opacity-50 md:min-h-9"
      >
        Review all automatic fixes
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </>
  );
}
