import type { Listing } from "@/lib/marketplace/wire";

/** What the marketplace stores right now, as last read or as returned by the last write. */
export function StoredQuestion({ listing }: { listing: Listing }) {
  return (
    <section aria-labelledby="stored-heading" className="rounded-xl bg-white p-5 ring-1 ring-stone-200" data-testid="stored-question">
      <h2 id="stored-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
        On the marketplace now
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">Personalizable</dt>
        <dd data-testid="stored-personalizable">{listing.isPersonalizable ? "Yes" : "No"}</dd>
        {listing.questions.length === 0 ? (
          <>
            <dt className="text-stone-600">Question</dt>
            <dd>None</dd>
          </>
        ) : (
          listing.questions.map((question, index) => (
            <div key={question.id ?? index} className="contents">
              <dt className="text-stone-600">Instructions</dt>
              <dd className="break-words" data-testid="stored-instructions">{question.instructions || "None"}</dd>
              <dt className="text-stone-600">Required</dt>
              <dd data-testid="stored-required">{question.required ? "Yes" : "No"}</dd>
              <dt className="text-stone-600">Character limit</dt>
              <dd data-testid="stored-limit">{question.maxAllowedCharacters ?? "—"}</dd>
            </div>
          ))
        )}
      </dl>
      {listing.legacyDisagrees && (
        <p className="mt-3 text-xs text-amber-800">The legacy personalization fields still say something else; saving the question brings them in line.</p>
      )}
    </section>
  );
}
