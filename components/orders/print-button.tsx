"use client";

export function PrintButton() {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="min-h-11 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark md:min-h-9"
    >
      Print
    </button>
  );
}
