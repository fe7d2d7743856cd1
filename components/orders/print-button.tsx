"use client";

import { Button } from "../ui/button";

export function PrintButton() {
  return (
    <Button variant="primary" compact onClick={() => window.print()}>
      Print
    </Button>
  );
}
