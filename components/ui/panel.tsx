import { useId, type ComponentProps, type ReactNode } from "react";

export const PANEL_CLASS = "rounded-xl bg-white ring-1 ring-stone-200";

/** A ringed section of a page, named by its heading (or, with none shown, by `aria-label`). */
export function Panel({
  heading,
  level = 2,
  headingClassName = "text-lg font-semibold",
  className = "",
  children,
  ...props
}: ComponentProps<"section"> & { heading?: ReactNode; level?: 2 | 3; headingClassName?: string }) {
  const id = useId();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={heading === undefined ? undefined : id}
      className={`${PANEL_CLASS} ${className}`.trim()}
      {...props}
    >
      {heading !== undefined && (
        <Heading id={id} className={headingClassName}>
          {heading}
        </Heading>
      )}
      {children}
    </section>
  );
}
