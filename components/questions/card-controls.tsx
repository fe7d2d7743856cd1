import { QUESTION_TYPE_NAMES, type QuestionType } from "@/lib/personalization/question-types";
import { SMALL_BUTTON } from "./field-classes";

export const DRAG_TYPE = "application/x-question-index";

/** Where the question stands in the set, and the buttons that move or remove it. */
export function CardControls({
  index,
  count,
  type,
  onMove,
  onRemove,
  id,
  title,
}: {
  index: number;
  count: number;
  type: QuestionType;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  id: string;
  title: string;
}) {
  return (
    <>
      <span
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, String(index));
          event.dataTransfer.effectAllowed = "move";
        }}
        className="cursor-grab select-none rounded px-1 text-stone-500"
        title="Drag to reorder"
        data-testid="drag-handle"
        aria-hidden="true"
      >
        ⠿
      </span>
      <h2 id={`${id}-legend`} className="mr-auto text-lg font-semibold">
        Question {index + 1}: {QUESTION_TYPE_NAMES[type]}
        <span className="sr-only">{title ? `(“${title}”)` : ""}</span>
      </h2>
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={`Move question ${index + 1} up`}
      >
        Move up
      </button>
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={`Move question ${index + 1} down`}
      >
        Move down
      </button>
      <button
        type="button"
        className={`${SMALL_BUTTON} text-red-800`}
        onClick={onRemove}
        aria-label={`Remove question ${index + 1}`}
      >
        Remove
      </button>
    </>
  );
}
