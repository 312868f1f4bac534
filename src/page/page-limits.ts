/** The platform layer's limits and timings (spec 000 §9, spec 001 §5, §8, §9): `PAGE_LIMITS` in ./constants.ts. */

/** Most keys the query-string parser accepts. */
export const queryKeys = 1000;
/** Error reporter: sends per page, events held for the next send, quiet time, stack length. */
export const errorReporterSends = 20;
export const errorReporterQueue = 10;
export const errorReporterDebounceMs = 1000;
export const errorReporterStackChars = 5000;
export const censusTimeoutMs = 2500;
export const performanceFlushMs = 30_000;
export const performanceSettingsTimeoutMs = 30_000;
export const performanceMetricsMaxMs = 60_000;
