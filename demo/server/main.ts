/**
 * Command line of the reference server: `npm start` (after a build) and `npm run demo:reset`.
 * Options and environment variables are listed in docs/http-api.md, "Running the reference server".
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServer, DEFAULT_DB_PATH, readJsonArray, prepareDatabase } from './app';

const USAGE = `Usage: tsx demo/server/main.ts [--port N] [--db FILE] [--catalog FILE] [--forms FILE] [--pages DIR] [--faults] [--captcha] [--secure-cookies] [--hsts] [--cors ORIGIN] [--site-url URL] [--trust-proxy LIST] [--reset] [--reset-only]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      db: { type: 'string' },
      catalog: { type: 'string' },
      forms: { type: 'string' },
      pages: { type: 'string' },
      faults: { type: 'boolean', default: false },
      captcha: { type: 'boolean', default: false },
      'secure-cookies': { type: 'boolean', default: false },
      hsts: { type: 'boolean', default: false },
      cors: { type: 'string' },
      'site-url': { type: 'string' },
      'trust-proxy': { type: 'string' },
      reset: { type: 'boolean', default: false },
      'reset-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const env = process.env;
  const dbPath = resolve(values.db ?? env['SF_DB'] ?? DEFAULT_DB_PATH);
  mkdirSync(dirname(dbPath), { recursive: true });
  const catalogPath = values.catalog ?? env['SF_CATALOG'];
  const catalog = catalogPath ? readJsonArray(resolve(catalogPath)) : undefined;
  const formsPath = values.forms ?? env['SF_FORMS'];
  const forms = formsPath ? readJsonArray(resolve(formsPath)) : undefined;
  const pagesDir = values.pages ?? env['SF_PAGES_DIR'];
  const faults = values.faults || env['SF_FAULTS'] === '1';
  // The demo's pages then show the fake captcha and restock sign-ups need its token.
  const captcha = values.captcha || env['SF_CAPTCHA'] === '1';
  // Behind a TLS proxy every request arrives as plain HTTP: these say the site is HTTPS anyway.
  const secureCookies = values['secure-cookies'] || env['SF_SECURE_COOKIES'] === '1';
  const hsts = values.hsts || env['SF_HSTS'] === '1';
  // A dev server on another port (the npm package in a Vite app) calling this API.
  const cors = values.cors ?? env['SF_CORS'];
  // The origin the site's pages link to (canonical, Open Graph); other hosts get 421.
  const siteUrl = values['site-url'] ?? env['SF_SITE_URL'];
  // The proxies in front of the server, whose X-Forwarded-For names the client; nobody's by default.
  const trustProxy = values['trust-proxy'] ?? env['SF_TRUST_PROXY'];
  // The store manager's password; without it the demo's, printed on the owner's pages. From the
  // environment only: a command line is visible to every user of the machine.
  const ownerPassword = env['SF_OWNER_PASSWORD'];
  const portText = values.port ?? env['PORT'] ?? '4173';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${portText}`);

  if (values['reset-only']) {
    prepareDatabase({ dbPath, catalog, forms, reset: true }).close();
    console.log(`Re-seeded ${dbPath}`);
    return;
  }
  const app = await createServer({
    dbPath,
    catalog,
    forms,
    pagesDir: pagesDir === undefined ? undefined : resolve(pagesDir),
    faults,
    secureCookies,
    hsts,
    cors,
    siteUrl,
    trustProxy,
    ownerPassword,
    ...(captcha && { captchaSiteKey: 'demo-site-key' }),
    // An explicit catalogue or form list means "seed from it", so it replaces what the database holds.
    reset: values.reset || catalog !== undefined || forms !== undefined,
    logger: false,
  });
  const host = env['HOST'] ?? 'localhost';
  const address = await app.listen({ port, host });
  const shown = host === 'localhost' ? `http://localhost:${new URL(address).port}` : address;
  console.log(`Storefront demo on ${shown}${faults ? ' (fault mode on)' : ''}`);
  const stop = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
