/**
 * The script-tag build sends through src/api/transport-fetch.ts instead of ky (vite.config.ts).
 * Both must give callers the same results, so every assertion of api.test.ts runs again here
 * over the fetch transport.
 */
import { vi } from 'vitest';

vi.mock('../../../src/api/transport.js', async () => await import('../../../src/api/transport-fetch.js'));

await import('./api.test.js');
