// The question cards' shared looks: a text field, the error under a field, and a card's small buttons.
export const INPUT = "mt-1 w-full rounded-md border border-stone-400 p-2";
export const ERROR = "text-sm font-medium text-red-800";
export const SMALL_BUTTON = "rounded px-2 py-1 text-sm ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40";
