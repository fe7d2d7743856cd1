"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFeedback } from "../feedback/toast-context";
import { hasDraft } from "./draft";
import { EditorActions } from "./editor-actions";
import { QuestionFields } from "./question-fields";
import { QuestionFormFrame } from "./question-form-frame";
import type { Handoff, QuestionFormProps } from "./question-form";
import { QUESTION_FIELDS, valuesIn, valuesOf } from "./question-values";
import { useSaveControls } from "./use-save-controls";
import { useUnsavedChanges } from "./use-unsaved-changes";

const LeaveDialog = lazy(() => import("./leave-dialog").then((module) => ({ default: module.LeaveDialog })));

type Live = typeof import("./question-form");

// react-hook-form and the form's logic load on the seller's first hover, focus, press or Ctrl+S in the form, not with the
// page (issue 14: the editor's first load). Once loaded, every later form (a restore remounts it) starts with them.
let live: Live | undefined;
let importing: Promise<Live> | undefined;
const loadLive = () =>
  (importing ??= import("./question-form").then(
    (module) => (live = module),
    (error: unknown) => {
      importing = undefined;
      throw error;
    },
  ));

// A fill, paste or autofill is focus, select, then insert: swapped between them, the text would land in a field whose
// selection was lost (a number field's cannot be set). The swap waits for this long without input.
const QUIET_MS = 150;
const ACTIVITY = ["keydown", "pointerdown", "focusin", "select", "beforeinput", "input"] as const;

const COULD_NOT_LOAD =
  "Nothing was changed: the editor could not load its code (is the connection down?). What you typed is still here; try again in a moment.";

/**
 * The editor's form as the page first shows it: the same fields, rules and preview, typed into as plain inputs. It hands
 * the seller's values, caret and pressed button to the react-hook-form form (question-form.tsx) as soon as that loads.
 */
export function QuestionFormLoader(props: QuestionFormProps) {
  const { listing, canEdit, aside } = props;
  const [Loaded, setLoaded] = useState(() => live);
  const [handoff, setHandoff] = useState<Handoff>();
  const start = valuesOf(listing.questions[0]);
  const [shown, setShown] = useState(start);
  const [liveDirty, setLiveDirty] = useState(false);
  const typed = QUESTION_FIELDS.some((name) => !Object.is(shown[name], start[name]));
  // One guard for both forms: two would each add and take back the Back button's history entry at the hand-over.
  const unsaved = useUnsavedChanges(Loaded ? liveDirty : typed);
  const { formElement, saveButton, hydrated } = useSaveControls(canEdit && !Loaded, false);
  const { notify } = useFeedback();
  const intent = useRef<Handoff["intent"]>(undefined);
  // While a pointer button or key is down the form is not swapped, so that the click or keystroke under way lands.
  const held = useRef(false);
  const ready = useRef<Live>(undefined);
  const loading = useRef(false);
  const lastInput = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);

  const swap = () => {
    const module = ready.current;
    const form = formElement.current;
    if (!module || held.current || !form) return;
    const wait = lastInput.current + QUIET_MS - performance.now();
    if (wait > 0 && !intent.current) {
      clearTimeout(retry.current);
      retry.current = setTimeout(swap, wait);
      return;
    }
    const active = document.activeElement;
    const focus =
      (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && form.contains(active)
        ? { id: active.id, start: active.selectionStart, end: active.selectionEnd }
        : undefined;
    // One synchronous render: no keystroke can fall between reading the inputs and the new form taking over.
    const values = valuesIn(form);
    flushSync(() => {
      setHandoff({ values, focus, intent: intent.current });
      setLiveDirty(QUESTION_FIELDS.some((name) => !Object.is(values[name], start[name])));
      setLoaded(() => module);
    });
  };

  const load = () => {
    if (ready.current || loading.current) return;
    loading.current = true;
    loadLive().then(
      (module) => {
        ready.current = module;
        swap();
      },
      () => {
        loading.current = false;
        if (!intent.current) return;
        intent.current = undefined;
        notify({ tone: "error", text: COULD_NOT_LOAD }, { focus: true });
      },
    );
  };
  const ask = (what: NonNullable<Handoff["intent"]>) => {
    intent.current = what;
    load();
  };

  // A draft kept through a sign-in is restored by the loaded form, at once.
  useEffect(() => {
    if (!live && hasDraft(listing.id)) load();
  }, []);

  useEffect(() => {
    if (Loaded) return;
    const release = () => {
      held.current = false;
      setTimeout(swap, 0);
    };
    const input = () => {
      lastInput.current = performance.now();
    };
    const events = ["pointerup", "pointercancel", "keyup", "blur"] as const;
    for (const event of events) window.addEventListener(event, release);
    for (const event of ACTIVITY) window.addEventListener(event, input, true);
    return () => {
      clearTimeout(retry.current);
      for (const event of events) window.removeEventListener(event, release);
      for (const event of ACTIVITY) window.removeEventListener(event, input, true);
    };
  }, [Loaded]);

  const leaveDialog = unsaved.leaving && (
    <Suspense fallback={null}>
      <LeaveDialog onStay={unsaved.stay} onLeave={unsaved.leave} />
    </Suspense>
  );
  if (Loaded) {
    return (
      <>
        <Loaded.QuestionForm {...props} handoff={handoff} onDirtyChange={setLiveDirty} />
        {leaveDialog}
      </>
    );
  }

  const press = () => {
    held.current = true;
    load();
  };
  const field = (name: (typeof QUESTION_FIELDS)[number]) =>
    name === "required" ? { name, defaultChecked: start.required } : { name, defaultValue: start[name] };

  return (
    <>
      <QuestionFormFrame
        ready={false}
        here={`/listings/${listing.id}`}
        canEdit={canEdit}
        disabled={!canEdit || !hydrated}
        form={{
          ref: formElement,
          onPointerOver: load,
          onFocus: load,
          onPointerDown: press,
          onKeyDown: press,
          onChange: (event) => setShown(valuesIn(event.currentTarget)),
          onSubmit: (event) => {
            event.preventDefault();
            ask("save");
          },
        }}
        preview={{ instructions: shown.instructions, required: shown.required, limit: shown.maxAllowedCharacters }}
        aside={aside}
      >
        <QuestionFields field={field} errors={{}} instructions={shown.instructions} />
        <EditorActions
          saveButton={saveButton}
          pending={false}
          saveLabel="Save question"
          dirty={typed}
          canRemove={listing.questions.length > 0}
          onTemplates={() => ask("templates")}
          onRemove={() => ask("remove")}
        />
      </QuestionFormFrame>
      {leaveDialog}
    </>
  );
}
