/**
 * The site's design as the editor saves it (spec 001 §2, §4, §9): the aesthetics of the five
 * panels (colours, fonts, animations, design buttons, tweaks) and the site header and footer.
 * Every value is one the panels offer (a hex colour, a choice of a list, a number in range), so
 * what reaches a page's stylesheet is never free text.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readHexColor, scrollAnimation } from '../../src/constants';
import type { ThemeToken } from '../../src/contract';
import type { Db } from './db';
import { currentUser, isManager, isRecord, personalised, sendError } from './http';
import { SITE_TITLE } from './routes-platform';

/** The editor's font choices: a name the panel shows, the stack the token gets. */
export const FONT_CHOICES: Readonly<Record<string, string>> = {
  'System sans-serif': 'system-ui, sans-serif',
  Serif: 'Georgia, "Times New Roman", serif',
  Monospace: 'ui-monospace, Menlo, monospace',
};

/** The choices of the design buttons and tweaks panels, by token. */
export const CHOICES: Partial<Record<ThemeToken, readonly string[]>> = {
  '--sf-theme-button-radius': ['0px', '4px', '999px'],
  '--sf-theme-button-case': ['none', 'uppercase'],
  '--sf-theme-button-weight': ['400', '600', '700'],
  '--sf-theme-button-border': ['0', '2px solid currentColor'],
  '--sf-theme-radius': ['0px', '4px', '12px'],
  '--sf-theme-gap': ['0.5rem', '0.75rem', '1.25rem'],
};

/** The colour tokens of the colours panel's theme. */
export const COLOR_TOKENS = [
  '--sf-theme-accent',
  '--sf-theme-accent-text',
  '--sf-theme-text',
  '--sf-theme-surface',
  '--sf-theme-border',
  '--sf-theme-sale',
] as const satisfies readonly ThemeToken[];

/** Colours a palette holds at most. */
export const PALETTE_SIZE = 5;

/**
 * The aesthetics dirty paths (spec 001 §9: the colours and fonts themes and the palette), then
 * the other panels, each a path of its own. A patch save sends only the paths changed.
 */
export const AESTHETICS_PATHS = [
  'colors.theme',
  'colors.palette',
  'fonts.theme',
  'animations',
  'buttons',
  'tweaks',
] as const;
export type AestheticsPath = (typeof AESTHETICS_PATHS)[number];
export type Aesthetics = Partial<Record<AestheticsPath, unknown>>;

type Read = { ok: true; value: unknown } | { ok: false; message: string };
const bad = (path: string, why: string): Read => ({ ok: false, message: `${path} ${why}` });

/** Reads an object of tokens, each to a value `valueOf` takes. */
function readTokens(
  path: string,
  value: unknown,
  names: readonly string[],
  valueOf: (name: string, v: unknown) => string | null,
): Read {
  if (!isRecord(value)) return bad(path, 'is not an object');
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (!names.includes(name)) return bad(path, `has no ${name}`);
    const read = valueOf(name, v);
    if (read === null) return bad(path, `has a ${name} the panel does not offer`);
    out[name] = read;
  }
  return { ok: true, value: out };
}

const choice = (name: string, v: unknown): string | null =>
  typeof v === 'string' && (CHOICES[name as ThemeToken] ?? []).includes(v) ? v : null;
const inRange = (v: unknown, max: number): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max ? v : null;

const READERS: Readonly<Record<AestheticsPath, (value: unknown) => Read>> = {
  'colors.theme': (v) => readTokens('colors.theme', v, COLOR_TOKENS, (_, c) => readHexColor(c)),
  'colors.palette': (v) => {
    if (!Array.isArray(v) || v.length > PALETTE_SIZE)
      return bad('colors.palette', 'is not a list of 5 colours');
    const colors = v.map(readHexColor);
    return colors.every((c) => c !== null)
      ? { ok: true, value: colors }
      : bad('colors.palette', 'holds a non-hex colour');
  },
  'fonts.theme': (v) =>
    readTokens('fonts.theme', v, ['--sf-theme-font', '--sf-theme-heading-font'], (_, f) =>
      typeof f === 'string' && Object.values(FONT_CHOICES).includes(f) ? f : null,
    ),
  animations: (v) => {
    if (!isRecord(v)) return bad('animations', 'is not an object');
    const enabled = v['enabled'] === true;
    const duration = inRange(v['duration'] ?? 50, 1000);
    const offset = inRange(v['offset'] ?? 30, 200);
    if (duration === null || offset === null)
      return bad('animations', 'has a duration or offset out of range');
    return { ok: true, value: { enabled, duration, offset } };
  },
  buttons: (v) =>
    readTokens(
      'buttons',
      v,
      [
        '--sf-theme-button-radius',
        '--sf-theme-button-case',
        '--sf-theme-button-weight',
        '--sf-theme-button-border',
      ],
      choice,
    ),
  tweaks: (v) => readTokens('tweaks', v, ['--sf-theme-radius', '--sf-theme-gap'], choice),
};

/** Reads the paths of `body` (all of them optional), or says what is wrong with the first bad one. */
export function readAesthetics(
  body: unknown,
): { ok: true; value: Aesthetics } | { ok: false; message: string } {
  if (!isRecord(body)) return { ok: false, message: 'The body is not an object.' };
  const out: Aesthetics = {};
  for (const [path, value] of Object.entries(body)) {
    if (!(AESTHETICS_PATHS as readonly string[]).includes(path))
      return { ok: false, message: `${path} is not an aesthetics path.` };
    const read = READERS[path as AestheticsPath](value);
    if (!read.ok) return { ok: false, message: `${read.message}.` };
    out[path as AestheticsPath] = read.value;
  }
  return { ok: true, value: out };
}

const load = (db: Db, key: string): unknown => {
  const row = db.prepare('SELECT json FROM site_design WHERE key = ?').get(key) as
    { json: string } | undefined;
  return row ? (JSON.parse(row.json) as unknown) : null;
};
const store = (db: Db, key: string, value: unknown): void => {
  db.prepare(
    'INSERT INTO site_design (key, json) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET json = excluded.json',
  ).run(key, JSON.stringify(value));
};

export const savedAesthetics = (db: Db): Aesthetics => (load(db, 'aesthetics') ?? {}) as Aesthetics;

/** The theme tokens of saved aesthetics: what the published pages' stylesheet sets. */
export function themeTokens(aesthetics: Aesthetics): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const path of ['colors.theme', 'fonts.theme', 'buttons', 'tweaks'] as const) {
    const section = aesthetics[path];
    if (isRecord(section)) for (const [name, value] of Object.entries(section)) tokens[name] = String(value);
  }
  const animations = aesthetics.animations;
  if (isRecord(animations) && animations['enabled'] === true) {
    const { durationMs, offsetPx } = scrollAnimation(animations);
    tokens['--sf-theme-animation-duration'] = `${durationMs}ms`;
    tokens['--sf-theme-animation-offset'] = `${offsetPx}px`;
  }
  return tokens;
}

/** The published pages' theme stylesheet, or null when nothing is saved. */
export function themeCss(db: Db): string | null {
  const tokens = Object.entries(themeTokens(savedAesthetics(db)));
  if (tokens.length === 0) return null;
  return `:root {\n${tokens.map(([name, value]) => `  ${name}: ${value};`).join('\n')}\n}\n`;
}

/** The site header and footer texts (plain text, shown escaped). */
export interface HeaderFooter {
  header: string;
  footer: string;
}
export const HEADER_FOOTER_LIMITS = { header: 200, footer: 500 } as const;

export const savedHeaderFooter = (db: Db): HeaderFooter => {
  const saved = load(db, 'header-footer');
  return isRecord(saved)
    ? { header: String(saved['header'] ?? ''), footer: String(saved['footer'] ?? '') }
    : { header: '', footer: '' };
};

/** The owner rule of the editor's calls, as the restock page's: 401 signed out, 403 not an owner. */
function requireOwner(db: Db, request: FastifyRequest, reply: FastifyReply): boolean {
  const user = currentUser(db, request);
  if (!user) {
    sendError(reply, 401, 'Sign in to edit the site design.');
    return false;
  }
  if (!isManager(user)) {
    sendError(reply, 403, 'Only the site owner can edit the site design.');
    return false;
  }
  return true;
}

/**
 * The editor's calls: `GET`/`PUT /api/site-header-footer` (spec 001 §7), and the aesthetics save
 * (spec 001 §4: its path is not shown; ours is `/api/aesthetics`), `PUT` with the whole design or
 * `PATCH` with its dirty paths. The crumb header is checked by the guards (demo/server/guard.ts).
 */
export function registerEditorRoutes(app: FastifyInstance, db: Db): void {
  // What every page shows, so anyone may read it; only the owner changes it.
  app.get('/api/site-header-footer', async () => {
    const { header, footer } = savedHeaderFooter(db);
    return {
      header: {
        siteTitle: SITE_TITLE,
        navigation: [
          { title: 'Shop', url: '/' },
          { title: 'Cart', url: '/cart' },
        ],
        text: header,
      },
      footer: { text: footer || `© ${SITE_TITLE}. A demo store.` },
    };
  });
  app.put('/api/site-header-footer', async (request, reply) => {
    if (!requireOwner(db, request, reply)) return reply;
    const body = request.body;
    const next: Record<string, string> = {};
    for (const field of ['header', 'footer'] as const) {
      const value = isRecord(body) ? body[field] : undefined;
      if (typeof value !== 'string' || value.length > HEADER_FOOTER_LIMITS[field])
        return sendError(
          reply,
          400,
          `${field} is not a text of at most ${HEADER_FOOTER_LIMITS[field]} characters.`,
        );
      next[field] = value.trim();
    }
    store(db, 'header-footer', next);
    return personalised(reply).send(next);
  });

  app.get('/api/aesthetics', async (request, reply) => {
    if (!requireOwner(db, request, reply)) return reply;
    return personalised(reply).send({ data: savedAesthetics(db) });
  });
  const save = (merge: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!requireOwner(db, request, reply)) return reply;
    const read = readAesthetics(isRecord(request.body) && merge ? request.body['changes'] : request.body);
    if (!read.ok) return sendError(reply, 400, read.message);
    const next = merge ? { ...savedAesthetics(db), ...read.value } : read.value;
    store(db, 'aesthetics', next);
    return personalised(reply).send({ data: next, saved: Object.keys(read.value) });
  };
  app.put('/api/aesthetics', save(false));
  app.patch('/api/aesthetics', save(true));

  // The published pages' theme, linked only once a theme is saved (demo/server/render.ts).
  app.get('/site-theme.css', async (_request, reply) => {
    const css = themeCss(db) ?? ':root {}\n';
    return reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(css);
  });
}
