"use client";

import type { ComponentProps, MouseEvent, ReactNode } from "react";
import { listingsHref, type ListingsView } from "@/lib/listings/view";

export function ViewLink({
  to,
  onShow,
  children,
  ...rest
}: { to: ListingsView; onShow: (view: ListingsView) => void; children: ReactNode } & Omit<
  ComponentProps<"a">,
  "href" | "onClick"
>) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onShow(to);
  };
  return (
    <a href={listingsHref(to)} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
