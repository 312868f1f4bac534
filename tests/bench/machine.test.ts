/** The benches' verdict: a failing figure fails the run on a quiet machine only. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSY_LOAD_PER_CORE, describeMachine, judge } from '../../bench/machine';

const quiet = { load1: 0.5, cores: 4, quiet: true };
const busy = { load1: 4 * BUSY_LOAD_PER_CORE + 1, cores: 4, quiet: false };

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

describe('judge', () => {
  it('fails the run for a figure that misses its goal on a quiet machine', () => {
    judge(1, 'bench:x', quiet);
    expect(process.exitCode).toBe(1);
  });

  it('says the figures were not judged on a busy machine, and does not fail', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    judge(2, 'bench:x', busy);
    expect(process.exitCode).toBeUndefined();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('bench:x: not judged: the machine is too busy'));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('load average 4.00 on 4 cores'));
  });

  it('leaves a run whose figures all meet their goals alone', () => {
    judge(0, 'bench:x', quiet);
    expect(process.exitCode).toBeUndefined();
  });
});

describe('describeMachine', () => {
  it('names the load and the cores', () => {
    expect(describeMachine({ load1: 1.234, cores: 1, quiet: false })).toBe('load average 1.23 on 1 core');
  });
});
