"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type ChangeEvent, type ComponentProps, type FormEvent } from "react";
import { planHealthFixAction } from "@/app/inbox/plan-health-fix";
import { callAction } from "../feedback/call-action";
import { Button } from "../ui/button";
import { FIELD_CLASS } from "../changes/change-field";
import type { Finding } from "@/lib/shop-health/health-check";
import type { HealthFix } from "@/lib/shop-health/health-fixes";

type Choice = { fix: HealthFix["fix"]; label: string };

const CHOICES: Partial<Record<Finding, Choice[]>> = {
  "all-caps": [{ fix: "sentence-case", label: "Put the capitalised words in sentence case" }],
  "required-without-instructions": [
    { fix: "add-instructions", label: "Add instructions I type" },
    { fix: "make-optional", label: "Make the question optional" },
  ],
  "add-on-price": [
    { fix: "make-optional", label: "Make the question optional and keep its price" },
    { fix: "drop-price", label: "Remove the add-on price" },
  ],
  "no-question": [
    { fix: "add-question", label: "Add a text question I type" },
    { fix: "turn-off", label: "Turn personalization off" },
  ],
};

function TextField({ label, ...props }: ComponentProps<"input"> & { label: string }) {
  return (
    <label className="mt-2 block font-medium">
      {label}
      <input className={FIELD_CLASS} {...props} />
    </label>
  );
}

/** Plans a fix, or every fix that needs no words, and opens the plan for review: nothing is written yet. */
function usePlanHealthFix() {
  const router = useRouter();
  const [planning, startTransition] = useTransition();
  const [error, setError] = useState<string>();
  const plan = (input: unknown) => {
    setError(undefined);
    startTransition(async () => {
      const result = await callAction(() => planHealthFixAction(input), "lost");
      if (!result.ok) return setError(Object.values(result.fieldErrors ?? {})[0] ?? result.formError);
      router.push(`/changes/${result.data.planId}`);
    });
  };
  return { planning, error, plan };
}

/** Every finding's fix that needs no words, as one plan. */
export function AutomaticFixesButton({ hintId }: { hintId: string }) {
  const { planning, error, plan } = usePlanHealthFix();
  return (
    <>
      <Button
        variant="primary"
        compact
        onClick={() => plan({ every: "automatic" })}
        disabled={planning}
        aria-describedby={hintId}
        className="mt-3"
      >
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

/**
 * One finding's fix, chosen and typed here, planned over its listings and opened for review: nothing is written yet.
 * `name` is the finding as the seller reads it, which names the form for assistive technology.
 */
export function HealthFixForm({ finding, name }: { finding: Finding; name: string }) {
  const choices = CHOICES[finding] ?? [];
  const { planning, error, plan } = usePlanHealthFix();
  const [fix, setFix] = useState(choices[0]?.fix);
  const [text, setText] = useState({ instructions: "", title: "Personalization", limit: "100" });
  if (!fix) return null;
  const typed = (key: keyof typeof text) => ({
    value: text[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setText({ ...text, [key]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    plan(
      fix === "add-question"
        ? { finding, fix, title: text.title, instructions: text.instructions, limit: Number(text.limit) }
        : fix === "add-instructions"
          ? { finding, fix, instructions: text.instructions }
          : { finding, fix },
    );
  }

  return (
    <form onSubmit={submit} className="mt-3 text-sm" aria-label={`Fix: ${name}`}>
      {choices.length > 1 && (
        <fieldset>
          <legend className="font-medium">Fix</legend>
          {choices.map((choice) => (
            <label key={choice.fix} className="mt-1 flex items-center gap-2">
              <input
                type="radio"
                name={`fix-${finding}`}
                checked={fix === choice.fix}
                onChange={() => setFix(choice.fix)}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      )}
      {fix === "add-question" && (
        <>
          <TextField label="Question" {...typed("title")} />
          <TextField label="Character limit" type="number" min={1} max={1024} {...typed("limit")} />
        </>
      )}
      {(fix === "add-question" || fix === "add-instructions") && (
        <TextField label="Instructions" {...typed("instructions")} />
      )}
      {error && (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" compact disabled={planning} className="mt-3">
        {choices.length > 1 ? "Review this fix" : `Review the fix: ${choices[0]!.label.toLowerCase()}`}
      </Button>
    </form>
  );
}
