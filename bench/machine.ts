/**
 * The machine a bench ran on, said beside every figure: its load and cores. A bench whose figures
 * are judged (a goal, a ceiling, a ratio) asks `machineQuiet()` first; on a machine too busy to
 * measure, it prints why and leaves the exit code alone instead of failing on noise.
 */
import { availableParallelism, loadavg } from 'node:os';

/** Load per core over the last minute above which timings say more about neighbours than code. */
export const BUSY_LOAD_PER_CORE = 0.75;

export interface Machine {
  readonly load1: number;
  readonly cores: number;
  /** Whether the load per core is at or under BUSY_LOAD_PER_CORE. */
  readonly quiet: boolean;
}

export function machine(): Machine {
  const [load1 = 0] = loadavg();
  const cores = availableParallelism();
  return { load1, cores, quiet: load1 / cores <= BUSY_LOAD_PER_CORE };
}

/** `load average 0.42 on 8 cores`, the line a bench prints beside its figures. */
export function describeMachine(m: Machine = machine()): string {
  return `load average ${m.load1.toFixed(2)} on ${m.cores} core${m.cores === 1 ? '' : 's'}`;
}

/**
 * Sets a failing exit code for `failures` only on a quiet machine; on a busy one says the
 * figures were not judged. Benches never fail for a neighbour's work.
 */
export function judge(failures: number, what: string, m: Machine = machine()): void {
  if (failures === 0) return;
  if (m.quiet) {
    process.exitCode = 1;
    return;
  }
  console.log(
    `${what}: not judged: the machine is too busy to measure (${describeMachine(m)}, ` +
      `over ${BUSY_LOAD_PER_CORE} per core); run again on a quieter machine`,
  );
}
