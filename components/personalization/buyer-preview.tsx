import { QUESTION_TEXT } from "@/lib/personalization/schema";

/** Roughly what a buyer sees on the listing page. */
export function BuyerPreview({ instructions, required, limit }: { instructions: string; required: boolean; limit: number }) {
  const validLimit = Number.isInteger(limit) && limit > 0 ? limit : undefined;
  return (
    <section aria-labelledby="preview-heading" className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id="preview-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
        Preview: what buyers see
      </h2>
      <div className="mt-4">
        <p className="font-medium">
          {QUESTION_TEXT} {required ? <span className="text-red-800">*</span> : <span className="font-normal text-stone-500">(optional)</span>}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-stone-700" data-testid="preview-instructions">
          {instructions || "No instructions."}
        </p>
        <textarea aria-label="Buyer's answer (preview only)" disabled rows={3} maxLength={validLimit} className="mt-2 w-full rounded-md border border-stone-300 bg-stone-50 p-2 text-sm" />
        <p className="text-right text-xs text-stone-500">{validLimit ? `0 / ${validLimit}` : "Set a character limit"}</p>
      </div>
    </section>
  );
}
