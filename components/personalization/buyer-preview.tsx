import type { Money } from "@/lib/marketplace/money";
import { addOnLabel } from "@/lib/personalization/add-on-price";
import { brokenInstructionRules, CHAR_LIMIT_MAX, CHAR_LIMIT_MIN, QUESTION_TEXT } from "@/lib/personalization/rules";

export function BuyerPreview({
  instructions,
  required,
  limit,
  addOnPrice,
}: {
  instructions: string;
  required: boolean;
  limit: number;
  /** The stored price the save keeps; the marketplace charges it only on an optional question. */
  addOnPrice?: Money | null;
}) {
  const price = required ? "" : addOnLabel(addOnPrice);
  const validLimit = Number.isInteger(limit) && limit >= CHAR_LIMIT_MIN && limit <= CHAR_LIMIT_MAX ? limit : undefined;
  const instructionsAllowed = brokenInstructionRules(instructions).length === 0;
  return (
    <section aria-labelledby="preview-heading" className="rounded-xl bg-white p-5 text-stone-900 ring-1 ring-stone-200">
      <h2 id="preview-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
        Preview: what buyers see
      </h2>
      <div className="mt-4">
        <p className="font-medium">
          {QUESTION_TEXT}{" "}
          {required ? (
            <span className="text-red-800">*</span>
          ) : (
            <span className="font-normal text-stone-600">(optional)</span>
          )}
          {price && (
            <span className="ml-2 font-normal text-stone-700" data-testid="preview-price">
              {price}
            </span>
          )}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-stone-700" data-testid="preview-instructions">
          {!instructionsAllowed
            ? "Your instructions show here once they follow the rules."
            : instructions || "No instructions."}
        </p>
        <textarea
          aria-label="Buyer's answer (preview only)"
          disabled
          rows={3}
          maxLength={validLimit}
          className="mt-2 w-full rounded-md border border-stone-300 bg-stone-50 p-2 text-sm"
        />
        <p className="text-right text-xs text-stone-600">
          {validLimit ? `0 / ${validLimit}` : `Set a character limit from ${CHAR_LIMIT_MIN} to ${CHAR_LIMIT_MAX}`}
        </p>
      </div>
    </section>
  );
}
