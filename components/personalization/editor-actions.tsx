import type { EditorWrites } from "./use-editor-writes";

const secondary = "min-h-11 rounded-lg px-4 py-2 font-medium ring-1 ring-stone-300 hover:bg-stone-100";

type Props<V> = {
  writes: EditorWrites<V>;
  saveLabel: string;
  dirty: boolean;
  /** Why Save does nothing now (nothing changed), or undefined when it saves. */
  nothingToSave?: string;
  canRemove: boolean;
};

export function EditorActions<V>({ writes, saveLabel, dirty, nothingToSave, canRemove }: Props<V>) {
  const { pending, controls, setDialog } = writes;
  const { saveButton } = controls;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={saveButton}
          type="submit"
          aria-describedby="save-hint"
          aria-disabled={nothingToSave ? true : undefined}
          className="min-h-11 rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-brand"
        >
          {pending ? "Saving…" : saveLabel}
        </button>
        <button type="button" onClick={() => setDialog("templates")} className={secondary}>
          Templates
        </button>
        {canRemove && (
          <button
            type="button"
            onClick={() => setDialog("remove")}
            className="min-h-11 rounded-lg px-4 py-2 font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-50"
          >
            Remove personalization
          </button>
        )}
      </div>
      <p id="save-hint" className="text-xs text-stone-600">
        {nothingToSave ? `${nothingToSave} ` : dirty ? "You have unsaved changes. " : ""}Ctrl+S (⌘S on a Mac) saves.
      </p>
    </>
  );
}
