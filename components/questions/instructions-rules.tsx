import {
  brokenInstructionRules,
  characterCount,
  instructionRules,
  INSTRUCTIONS_MAX,
  type InstructionRule,
} from "@/lib/personalization/rules";

/** The rules of docs/marketplace.md §2.1 next to the field, each marked as the seller types. */
export function InstructionsRules({ text }: { text: string }) {
  const broken = new Set<InstructionRule>(brokenInstructionRules(text));
  const count = characterCount(text);
  return (
    <div className="mt-2 text-sm">
      <p id="instructions-count" className={count > INSTRUCTIONS_MAX ? "font-medium text-red-800" : "text-stone-600"}>
        {count} / {INSTRUCTIONS_MAX} characters
      </p>
      <ul id="instructions-rules" aria-label="Rules for instructions" className="mt-1 space-y-0.5">
        {(Object.keys(instructionRules) as InstructionRule[]).map((rule) => (
          <li key={rule} className={broken.has(rule) ? "text-red-800" : "text-stone-600"}>
            <span aria-hidden="true">{broken.has(rule) ? "✗ " : "✓ "}</span>
            {instructionRules[rule]}
            <span className="sr-only">{broken.has(rule) ? " (not met)" : " (met)"}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
