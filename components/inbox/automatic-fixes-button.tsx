"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { planHealthFixAction } from "@/app/inbox/plan-health-fix";
import { callAction } from "../feedback/call-action";
import { Button } from "../ui/button";

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
      <Button variant="primary" compact onClick={plan} disabled={planning} aria-describedby={hintId} className="mt-3">
        Review all automatic fixes
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </>
  );
}
