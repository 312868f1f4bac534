// @vitest-environment node
/**
 * The script-tag build's fetch transport (src/api/transport-fetch.ts) against the real reference
 * server: every assertion of integration.test.ts, faults on the wire included, over it.
 */
import { vi } from 'vitest';

vi.mock('../../../src/api/transport.js', async () => await import('../../../src/api/transport-fetch.js'));

await import('./integration.test.js');
