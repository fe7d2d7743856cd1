export type Fault = {
  method?: string;
  path?: string;
  status?: number;
  times: number;
  retry_after?: number;
  delay_ms?: number;
  /** Of the matching requests, the share (0-1) that gets the fault, at random; the rest go through untouched. */
  share?: number;
  /** The request is carried out and its answer replaced by the fault's status: a write whose answer is lost. */
  after_write?: boolean;
};

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
