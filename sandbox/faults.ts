import { z } from "zod";

/** POST /__sandbox/faults's body; `times` defaults to 1. */
export const faultBody = z.object({
  method: z.string().optional(),
  path: z.string().optional(),
  status: z.number().int().min(100).max(599).optional(),
  times: z.number().int().min(1).optional(),
  retry_after: z.number().int().min(0).optional(),
  delay_ms: z.number().int().min(0).max(120_000).optional(),
  /** Of the matching requests, the share (0-1) that gets the fault, at random; the rest go through untouched. */
  share: z.number().min(0).max(1).optional(),
  /** The request is carried out and its answer replaced by the fault's status: a write whose answer is lost. */
  after_write: z.boolean().optional(),
});

export type Fault = z.output<typeof faultBody> & { times: number };

export class FaultPlan {
  private faults: Fault[] = [];

  add(fault: Fault) {
    this.faults.push(fault);
  }

  take(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex(
      (fault) =>
        (!fault.method || fault.method.toUpperCase() === method) &&
        (!fault.path || (fault.path.endsWith("*") ? path.startsWith(fault.path.slice(0, -1)) : fault.path === path)) &&
        (fault.share === undefined || Math.random() < fault.share),
    );
    const fault = this.faults[index];
    if (!fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  pending(): Fault[] {
    return [...this.faults];
  }

  clear() {
    this.faults = [];
  }
}
