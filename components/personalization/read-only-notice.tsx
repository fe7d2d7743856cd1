import type { ReactNode } from "react";

/** Why the dashboard leaves a listing's questions as they are: `children` say why, a paragraph each. */
export function ReadOnlySection({ children }: { children: ReactNode }) {
  return (
    <section
      role="status"
      aria-label="Why this listing is read-only"
      className="rounded-xl bg-amber-50 p-5 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <h2 className="font-semibold">Read-only here</h2>
      {children}
    </section>
  );
}

export function ReadOnlyNotice({ questionCount }: { questionCount: number }) {
  return (
    <ReadOnlySection>
      <p className="mt-2">
        {questionCount > 1
          ? `This listing asks buyers ${questionCount} questions.`
          : "This listing asks buyers a question that is not a single text question titled “Personalization”."}{" "}
        This dashboard edits one text question, and the marketplace replaces all of a listing’s questions on every save,
        so saving here would delete what buyers are asked now.
      </p>
      <p className="mt-2">
        The dashboard leaves this listing as it is, also in changes to many listings. Edit its questions on the
        marketplace.
      </p>
    </ReadOnlySection>
  );
}
