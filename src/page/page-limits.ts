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
/**
 * The platform layer's requests (events, census, button renders) go at most one a second, each
 * carrying up to `beaconBatchItems` records of one endpoint in at most `beaconBodyBytes` (the
 * reference server's beacon limits, docs/http-api.md). Not a spec figure: see ./beacons.ts.
 */
export const beaconIntervalMs = 1000;
export const beaconBatchItems = 100;
export const beaconBodyBytes = 16 * 1024;
