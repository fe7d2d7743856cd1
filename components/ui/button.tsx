import type { ComponentProps } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "dark";

const LOOK: Record<ButtonVariant, string> = {
  primary: "bg-brand font-semibold text-white hover:bg-brand-dark",
  secondary: "ring-1 ring-stone-300 hover:bg-stone-100",
  danger: "bg-red-800 font-medium text-white hover:bg-red-900",
  dark: "bg-stone-900 font-medium text-white hover:bg-stone-700",
};

// A page's toolbar buttons are compact on a wide screen; a dialog's stay at full height. Both keep a 44px target on touch.
const SIZE = {
  regular: "min-h-11 rounded-md px-4 py-2",
  compact: "min-h-11 rounded-md px-3 md:min-h-9",
};

export function buttonClass(variant: ButtonVariant = "secondary", compact = false) {
  return `${SIZE[compact ? "compact" : "regular"]} ${LOOK[variant]} disabled:opacity-60 aria-disabled:opacity-60`;
}

export const BUTTON_CLASS: Record<ButtonVariant, string> = {
  primary: buttonClass("primary"),
  secondary: buttonClass("secondary"),
  danger: buttonClass("danger"),
  dark: buttonClass("dark"),
};

export function Button({
  variant = "secondary",
  compact = false,
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; compact?: boolean }) {
  return <button type={type} className={`${buttonClass(variant, compact)} ${className}`.trim()} {...props} />;
}
