// docs/marketplace.md §13: the live marketplace's periods and the dates they began. The webhook date is
// our choice: the source says only "later 2026".

export const PHASES = [
  "migration",
  "post-deprecation",
  "multi-question",
  "add-on-prices",
  "add-on-resend",
  "listing-fields-refused",
  "eu-guarantees",
  "webhooks",
] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_STARTS: Readonly<Record<Phase, string>> = {
  migration: "2026-02-06",
  "post-deprecation": "2026-04-09",
  "multi-question": "2026-05-11",
  "add-on-prices": "2026-07-20",
  "add-on-resend": "2026-08-20",
  "listing-fields-refused": "2026-09-06",
  "eu-guarantees": "2026-09-21",
  webhooks: "2026-10-01",
};

export const isPhase = (value: unknown): value is Phase => (PHASES as readonly unknown[]).includes(value);

const startSeconds = PHASES.map((phase) => Date.parse(`${PHASE_STARTS[phase]}T00:00:00Z`) / 1000);

export const phaseAt = (seconds: number): Phase =>
  PHASES.findLast((_, index) => (startSeconds[index] ?? Infinity) <= seconds) ?? "migration";

export const phaseReached = (phase: Phase, since: Phase) => PHASES.indexOf(phase) >= PHASES.indexOf(since);
