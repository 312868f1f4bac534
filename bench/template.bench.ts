/**
 * Template engine throughput, side by side with the reference implementation (a devDependency
 * used only as a yardstick and a differential check). Corpus templates are read from
 * ../shared at run time.
 *
 *   npm run bench:template              prints the table; always exits 0
 *   npm run bench:template -- --check   exits 1 when any ratio is below its target (3x for the
 *                                       corpus templates, 2x for the pages made here, 1.5x for
 *                                       the cold listings, 1x for the cold `%Z` dates)
 *   BENCH_ONLY=cold npm run bench:template      only the cold rows: 20 datasets rendered in turn,
 *                                       values no render has seen before
 *   BENCH_ONLY=listing npm run bench:template   only the templates whose label has that text
 *
 * Our engine is measured as shipped, with every family (the corpus prints products):
 * dist/lib/template-commerce.js from `npm run build` when it is newer
 * than every source it is built from, else a fresh build of src/template/index.ts made here with
 * the same bundler and minifier into a temporary folder (dist/ is left alone). The output names
 * which build was measured.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { describeMachine, judge } from './machine';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Engine from '../src/template/index';

interface Case {
  id: string;
  template: string;
  json: unknown;
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  locale: string | null;
  expected: string;
}

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: Record<string, unknown>): { ctx: { render(): string } };
}

type Measured = Pick<typeof Engine, 'compile' | 'compileUncached' | 'renderCompiled'>;

/** Ratio a page made here must reach in both columns. */
const TARGET = 2;
/** Ratio a corpus template must reach in both columns. */
const CORPUS_TARGET = 3;
const CHECK = process.argv.includes('--check');

const root = process.cwd();
const corpus = path.resolve(root, '../shared/conformance/template-engine/cases.jsonl');
const cases = new Map<string, Case>(
  readFileSync(corpus, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Case)
    .map((c) => [c.id, c]),
);

/** Newest modification time among the sources the template bundle is built from. */
function newestSource(): number {
  let newest = statSync(path.join(root, 'src/contract.ts')).mtimeMs;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  walk(path.join(root, 'src/template'));
  return newest;
}

function isEngine(m: Partial<Measured>): m is Measured {
  return (
    typeof m.compile === 'function' &&
    typeof m.compileUncached === 'function' &&
    typeof m.renderCompiled === 'function'
  );
}

/** The shipped build when it is current, else a fresh one; with a line saying which. */
async function loadEngine(): Promise<{ engine: Measured; measured: string; cleanup: () => void }> {
  const shipped = path.join(root, 'dist/lib/template-commerce.js');
  let why: string;
  try {
    const built = statSync(shipped).mtimeMs;
    if (built >= newestSource()) {
      const m = (await import(pathToFileURL(shipped).href)) as Partial<Measured>;
      if (isEngine(m)) {
        const when = new Date(built).toISOString().replace(/\.\d+Z$/, 'Z');
        return {
          engine: m,
          measured: `dist/lib/template-commerce.js (npm run build, ${when})`,
          cleanup: () => {},
        };
      }
      why = 'dist/lib/template-commerce.js lacks compileUncached';
    } else {
      why = 'dist/lib/template-commerce.js is older than src/template';
    }
  } catch {
    why = 'dist/lib/template-commerce.js does not exist';
  }
  // The template build of vite.config.ts ("template" mode), into a temporary folder: the same
  // bundler, target and minifier as dist/lib, without touching dist/ or building the rest of the
  // package.
  const out = mkdtempSync(path.join(tmpdir(), 'sf-template-bench-'));
  const { build } = await import('vite');
  const previous = process.env['SF_OUT_DIR'];
  process.env['SF_OUT_DIR'] = out;
  try {
    await build({ root, configFile: path.join(root, 'vite.config.ts'), mode: 'template', logLevel: 'warn' });
  } finally {
    if (previous === undefined) delete process.env['SF_OUT_DIR'];
    else process.env['SF_OUT_DIR'] = previous;
  }
  const file = path.join(out, 'lib/template-commerce.js');
  const m = (await import(pathToFileURL(file).href)) as Partial<Measured>;
  if (!isEngine(m)) throw new Error(`${file} does not export compile, compileUncached and renderCompiled`);
  return {
    engine: m,
    measured: `fresh template build (vite.config.ts, template mode) in ${out} (${why}; npm run build measures dist/)`,
    cleanup: () => rmSync(out, { recursive: true, force: true }),
  };
}

const require = createRequire(import.meta.url);
const reference = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };
const refCompiler = new reference.Compiler();

interface LocaleFramework {
  get(locale: string): unknown;
}
const { CLDRFramework } = require('@phensley/cldr') as {
  CLDRFramework: new (options: { loader: (language: string) => string }) => LocaleFramework;
};
const packs = path.join(path.dirname(require.resolve('@phensley/cldr/package.json')), 'packs');
/**
 * The reference engine formats numbers, money and dates with its own locale data (our engine uses
 * the platform's Intl): it is given the language packs it asks for, as a site would load them.
 */
const localeData = new CLDRFramework({
  loader: (language) => readFileSync(path.join(packs, `${language}.json`), 'utf8'),
});
const referenceLocale = (locale: string): unknown => localeData.get(locale);

/** A template measured: a corpus case, or a page made here. */
interface Subject {
  readonly label: string;
  readonly template: string;
  readonly json: unknown;
  readonly partials?: Record<string, string> | undefined;
  readonly injects?: Record<string, unknown> | undefined;
  readonly locale: string | null;
  /** The output the corpus expects, when the subject is a corpus case. */
  readonly expected?: string;
  /** Ratio to reach in both columns. */
  readonly target: number;
  /**
   * Templates taken in turn, one per operation (the first is `template`): ours compiles through
   * its cache, the reference parses each time, as a server rotating through them would.
   */
  readonly rotate?: readonly string[];
  /**
   * Datasets taken in turn, one per operation (the first is `json`): values each render has not
   * seen, as a server rendering many pages meets them. Both engines render the same sequence.
   */
  readonly datasets?: readonly unknown[];
}

function corpusSubject(label: string, id: string): Subject {
  const c = cases.get(id);
  if (c === undefined) throw new Error(`corpus case ${id} not found in ${corpus}`);
  return { label, ...c, target: CORPUS_TARGET };
}

/** Items on the listing page: a full collection page at the platform's products-per-page limit. */
const LISTING_ITEMS = 500;

/**
 * A store's product listing page as the platform renders it: per item the price block, a list
 * price in money, the date it was added and when it was last updated, in the website's zone.
 * Most time goes into the locale-aware formatters, so this is where formatter objects built per
 * call (Intl.DateTimeFormat, Intl.NumberFormat) show.
 */
const LISTING_TEMPLATE = [
  '<section class="products">',
  '<h1>{collection.title|html}</h1>',
  '{.repeated section items}',
  '<article class="product{.if onSale} on-sale{.end}" data-item-id="{id|htmlattr}">',
  '<a href="{fullUrl|htmlattr}"><h2>{title|html}</h2></a>',
  '{@|product-price}',
  '<p class="list-price">List price {listPrice|money}</p>',
  '<p class="added">Added {addedOn|date %B %d, %Y %Z}</p>',
  '<p class="updated"><time datetime="{updatedOn|date %Y-%m-%dT%H:%M:%S}">{updatedOn|datetime date:medium time:short}</time></p>',
  '</article>',
  '{.end}',
  '</section>',
  '',
].join('\n');

/** Deterministic listing data: prices, sales and dates vary from item to item. */
function listingData(): unknown {
  const currencies = ['USD', 'USD', 'USD', 'EUR', 'GBP'];
  const items = Array.from({ length: LISTING_ITEMS }, (_, i) => {
    const currency = currencies[i % currencies.length] as string;
    const base = 5 + ((i * 37) % 240);
    const amount = (n: number) => ({ value: n.toFixed(2), currency });
    const onSale = i % 7 === 0;
    // Spread over three years, so the zone abbreviation changes with daylight saving time.
    const addedOn = Date.UTC(2023, 0, 1) + i * 2.2 * 86_400_000 + (i % 24) * 3_600_000;
    // The platform's variant shape: cents next to the money objects.
    const variant = (price: number, sale: boolean) => ({
      price: Math.round(price * 100),
      priceMoney: amount(price),
      onSale: sale,
      salePrice: sale ? Math.round(price * 80) : 0,
      salePriceMoney: amount(sale ? price * 0.8 : 0),
    });
    const variants =
      i % 3 === 0 ? [variant(base, onSale)] : [variant(base, false), variant(base + 10, false)];
    return {
      id: `item-${i}`,
      title: `Product ${i} <${['Tee', 'Mug', 'Cap & Hat', 'Poster'][i % 4]}>`,
      fullUrl: `/shop/p/product-${i}`,
      onSale,
      listPrice: amount(base + 20),
      addedOn,
      updatedOn: addedOn + 45 * 86_400_000 + (i % 60) * 60_000,
      structuredContent: { productType: 1, variants },
    };
  });
  return {
    website: { timeZone: 'America/New_York', useCLDRMoneyFormat: true },
    featureFlags: { useCLDRMoneyFormat: true },
    collection: { title: 'Shop' },
    items,
  };
}

/** Items on the large listing: a store that shows its whole catalogue on one page. */
const BIG_LISTING_ITEMS = 2000;

/**
 * A large listing in a European store: money in four currencies (yen has no minor unit), the
 * dates with their zone abbreviation in Europe/Berlin, and a rating with `decimal`.
 */
const BIG_LISTING_TEMPLATE = [
  '<ul class="products">',
  '{.repeated section items}',
  '<li data-item-id="{id|htmlattr}"><h2>{title|html}</h2>',
  '<p>{price|money}</p>',
  '<p>Added {addedOn|date %b %d, %Y %Z}</p>',
  '<p>Rated {rating|decimal maxFrac:1} of 5</p></li>',
  '{.end}',
  '</ul>',
  '',
].join('\n');

/** The same page with every value printed as it is: the engine's own cost. */
const PLAIN_LISTING_TEMPLATE = [
  '<ul class="products">',
  '{.repeated section items}',
  '<li data-item-id="{id}"><h2>{title}</h2>',
  '<p>{price.value} {price.currency}</p>',
  '<p>Added {addedOn}</p>',
  '<p>Rated {rating} of 5</p></li>',
  '{.end}',
  '</ul>',
  '',
].join('\n');

function bigListingData(): unknown {
  const currencies = ['EUR', 'USD', 'GBP', 'JPY'];
  const items = Array.from({ length: BIG_LISTING_ITEMS }, (_, i) => {
    const currency = currencies[i % currencies.length] as string;
    const amount =
      currency === 'JPY' ? String(500 + ((i * 97) % 20000)) : (5 + ((i * 37) % 240) + 0.99).toFixed(2);
    return {
      id: `item-${i}`,
      title: `Product ${i} <${['Tee', 'Mug', 'Cap & Hat', 'Poster'][i % 4]}>`,
      price: { value: amount, currency },
      // Spread over four years: the zone abbreviation changes with summer time (CET / CEST).
      addedOn: Date.UTC(2022, 0, 1) + i * 0.73 * 86_400_000 + (i % 24) * 3_600_000,
      rating: 3 + ((i * 13) % 20) / 10,
    };
  });
  return { website: { timeZone: 'Europe/Berlin' }, items };
}

/** Datasets a cold subject renders in turn. */
const COLD_DATASETS = 20;

/**
 * The large listing with values no render has printed before: each dataset is another page of
 * another store, its prices, ratings and dates (to the millisecond, spread over ten years of
 * Berlin time, summer and winter) differing from every other dataset's.
 */
function coldListingData(k: number): unknown {
  const currencies = ['EUR', 'USD', 'GBP', 'JPY'];
  const items = Array.from({ length: BIG_LISTING_ITEMS }, (_, i) => {
    const n = i * COLD_DATASETS + k;
    const currency = currencies[i % currencies.length] as string;
    const amount =
      currency === 'JPY' ? String(100 + ((n * 97) % 50_000)) : (1 + ((n * 37) % 50_000) / 100).toFixed(2);
    return {
      id: `item-${n}`,
      title: `Product ${n} <${['Tee', 'Mug', 'Cap & Hat', 'Poster'][i % 4]}>`,
      price: { value: amount, currency },
      addedOn: Date.UTC(2016, 0, 1) + n * 7_919_311 + (n % 1000),
      rating: 1 + ((n * 7) % 400) / 100,
    };
  });
  return { website: { timeZone: 'Europe/Berlin' }, items };
}

const coldListings = Array.from({ length: COLD_DATASETS }, (_, k) => coldListingData(k));

/** Dates a cold `%Z` dataset prints. */
const COLD_DATES = 2000;

function coldZoneDatesData(k: number): unknown {
  const dates = Array.from(
    { length: COLD_DATES },
    (_, i) => Date.UTC(2016, 0, 1) + (i * COLD_DATASETS + k) * 7_919_311 + (i % 1000),
  );
  return { website: { timeZone: 'Europe/Berlin' }, dates };
}

/** Ratios the cold subjects must reach: with and without formatters, and `%Z` dates. */
const COLD_TARGET = 1.5;
const COLD_ZONE_TARGET = 1;

/** Dates alone with their zone abbreviation, outside the zone the platform defaults to. */
const ZONE_DATES_TEMPLATE = '{.repeated section dates}<time>{@|date %b %d, %Y %Z}</time>\n{.end}';

function zoneDatesData(): unknown {
  const dates = Array.from(
    { length: 200 },
    (_, i) => Date.UTC(2021, 0, 1) + i * 5.3 * 86_400_000 + i * 3_600_000,
  );
  return { website: { timeZone: 'Europe/Berlin' }, dates };
}

/** Distinct templates a server takes in turn: more than the compile cache holds (512). */
const ROTATION = 2000;
const rotation = Array.from(
  { length: ROTATION },
  (_, k) =>
    `<div class="card-${k}">{.section item}<h3>{title|html}</h3>{.if onSale}<b>sale ${k}</b>{.end}` +
    `<p>{price.value} {price.currency}</p>{.or}<p>none ${k}</p>{.end}</div>`,
);
const rotationData = {
  item: { title: 'Trail <Tee>', onSale: true, price: { value: '25.00', currency: 'EUR' } },
};

const SUBJECTS: readonly Subject[] = [
  corpusSubject('commerce product-checkout', 'plugins/f-product-checkout-1'),
  corpusSubject('predicate-heavy comparisons', 'plugins/p-comparisons-1'),
  corpusSubject('macros with @args', 'plugins/f-macro-8'),
  corpusSubject('nested repeated sections', 'bindvar-1'),
  {
    label: `product listing (${LISTING_ITEMS} items)`,
    template: LISTING_TEMPLATE,
    json: listingData(),
    locale: 'en',
    target: TARGET,
  },
  {
    label: `listing ${BIG_LISTING_ITEMS}, 4 currencies`,
    template: BIG_LISTING_TEMPLATE,
    json: bigListingData(),
    locale: 'en',
    target: TARGET,
  },
  {
    label: `listing ${BIG_LISTING_ITEMS}, no formatters`,
    template: PLAIN_LISTING_TEMPLATE,
    json: bigListingData(),
    locale: 'en',
    target: TARGET,
  },
  {
    label: 'date %Z in Europe/Berlin',
    template: ZONE_DATES_TEMPLATE,
    json: zoneDatesData(),
    locale: 'en',
    target: TARGET,
  },
  {
    label: `cold listing, 4 currencies`,
    template: BIG_LISTING_TEMPLATE,
    json: coldListings[0],
    datasets: coldListings,
    locale: 'en',
    target: COLD_TARGET,
  },
  {
    label: `cold listing, no formatters`,
    template: PLAIN_LISTING_TEMPLATE,
    json: coldListings[0],
    datasets: coldListings,
    locale: 'en',
    target: COLD_TARGET,
  },
  {
    label: 'cold date %Z, Europe/Berlin',
    template: ZONE_DATES_TEMPLATE,
    json: coldZoneDatesData(0),
    datasets: Array.from({ length: COLD_DATASETS }, (_, k) => coldZoneDatesData(k)),
    locale: 'en',
    target: COLD_ZONE_TARGET,
  },
  {
    label: `${ROTATION} templates in turn`,
    template: rotation[0] as string,
    rotate: rotation,
    json: rotationData,
    locale: 'en',
    target: TARGET,
  },
];

/** `BENCH_ONLY=listing` measures only the templates whose label contains the text. */
const ONLY = process.env.BENCH_ONLY ?? '';

const SLICE_MS = Number(process.env.BENCH_MS ?? 150);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/** Process CPU time in milliseconds: unlike wall time it does not count other processes' turns. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Operations per CPU second of fn over one slice. */
function slice(fn: () => unknown): number {
  const start = cpuMs();
  fn();
  let now = cpuMs();
  // Fast operations run in batches so reading the clock does not weigh on them.
  const batch = now - start > 1 ? 1 : 10;
  let ops = 1;
  while (now - start < SLICE_MS) {
    for (let k = 0; k < batch; k++) fn();
    ops += batch;
    now = cpuMs();
  }
  return (ops * 1000) / (now - start);
}

/**
 * Alternates the contenders in short slices over several rounds and keeps each one's best slice:
 * the machine is shared, and the best slice is the least disturbed measurement of each.
 */
function race(a: () => unknown, b: () => unknown): [number, number] {
  slice(a);
  slice(b);
  let bestA = 0;
  let bestB = 0;
  for (let r = 0; r < ROUNDS; r++) {
    bestA = Math.max(bestA, slice(a));
    bestB = Math.max(bestB, slice(b));
  }
  return [bestA, bestB];
}

/** Equal once runs of white space are made one space (the reference's price block leads with blank lines). */
const sameText = (a: string, b: string): boolean => a.replace(/\s+/g, ' ') === b.replace(/\s+/g, ' ');

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(11);
const ratioText = (r: number, target: number) => `${r.toFixed(2)}x${r < target ? '!' : ' '}`.padStart(8);

const { engine, measured, cleanup } = await loadEngine();
const { compile, compileUncached, renderCompiled } = engine;

const rows: string[] = [];
const below: string[] = [];
for (const c of SUBJECTS.filter((s) => s.label.includes(ONLY))) {
  const label = c.label;
  const options = {
    partials: c.partials,
    injects: c.injects,
    locale: c.locale,
    enableExpressions: true,
    enableInclude: true,
  };
  const refProps = {
    partials: c.partials ?? {},
    injects: c.injects ?? {},
    enableExpr: true,
    enableInclude: true,
    ...(c.locale === null ? {} : { cldr: referenceLocale(c.locale) }),
  };
  const compiled = compile(c.template);
  const refCode = refCompiler.parse(c.template).code;
  const target = c.target;
  // A rotating subject renders the next of its templates on each operation: ours through the
  // compile cache (which holds fewer than it rotates through), the reference parsing each one.
  const turn = c.rotate ?? [c.template];
  let next = 0;
  const nextTemplate = (): string => {
    const t = turn[next] as string;
    next = next + 1 === turn.length ? 0 : next + 1;
    return t;
  };

  // A cold subject renders the next of its datasets on each operation; each contender takes them
  // in turn on its own, so both render every dataset as often.
  const data = c.datasets ?? [c.json];
  const inTurn = (): (() => unknown) => {
    let k = 0;
    return () => {
      const d = data[k];
      k = k + 1 === data.length ? 0 : k + 1;
      return d;
    };
  };
  const oursData = inTurn();
  const refData = inTurn();

  const ours = renderCompiled(compiled, c.json, options).output.trim();
  const theirs = refCompiler
    .execute({ ...refProps, json: c.json, code: c.template })
    .ctx.render()
    .trim();

  // Warm every contender first so the first race does not pay for the JIT.
  for (let k = 0; k < 3; k++) {
    slice(() => renderCompiled(compileUncached(c.template), oursData(), options));
    slice(() => renderCompiled(compiled, oursData(), options));
    slice(() => refCompiler.execute({ ...refProps, json: refData(), code: c.template }).ctx.render());
    slice(() => refCompiler.execute({ ...refProps, json: refData(), code: refCode }).ctx.render());
  }
  const [oursFull, refFull] = race(
    () => renderCompiled(compileUncached(c.template), oursData(), options),
    () => refCompiler.execute({ ...refProps, json: refData(), code: c.template }).ctx.render(),
  );
  const [oursRender, refRender] =
    c.rotate === undefined
      ? race(
          () => renderCompiled(compiled, oursData(), options),
          () => refCompiler.execute({ ...refProps, json: refData(), code: refCode }).ctx.render(),
        )
      : race(
          () => renderCompiled(compile(nextTemplate()), oursData(), options),
          () => refCompiler.execute({ ...refProps, json: refData(), code: nextTemplate() }).ctx.render(),
        );
  const full = oursFull / refFull;
  const renderOnly = oursRender / refRender;
  if (full < target) below.push(`${label} (compile+render ${full.toFixed(2)}x < ${target}x)`);
  if (renderOnly < target) below.push(`${label} (render ${renderOnly.toFixed(2)}x < ${target}x)`);
  rows.push(
    [
      label.padEnd(28),
      fmt(oursFull),
      fmt(refFull),
      ratioText(full, target),
      fmt(oursRender),
      fmt(refRender),
      ratioText(renderOnly, target),
      c.expected === undefined ? '    - ' : ours === c.expected.trim() ? '  yes ' : '   NO ',
      sameText(ours, theirs) ? '  yes' : '   no',
    ].join(' '),
  );
}
cleanup();

const header = [
  'template'.padEnd(28),
  'ours c+r'.padStart(11),
  'ref c+r'.padStart(11),
  'ratio'.padStart(8),
  'ours r'.padStart(11),
  'ref r'.padStart(11),
  'ratio'.padStart(8),
  'corpus',
  '=ref',
].join(' ');

console.log(
  [
    'template engine throughput (operations per CPU second; higher is better)',
    `ours:      ${measured}`,
    'reference: @squarespace/template-engine from node_modules (its published build)',
    `machine:   ${describeMachine()}; best of ${ROUNDS} alternating ${SLICE_MS} ms slices`,
    '',
    header,
    '-'.repeat(header.length),
    ...rows,
    '',
    below.length === 0
      ? `every ratio meets its target (${CORPUS_TARGET}x for corpus templates, ${TARGET}x for the others, ` +
        `${COLD_TARGET}x cold, ${COLD_ZONE_TARGET}x for cold %Z dates)`
      : `below target (marked !): ${below.join(', ')}`,
    'c+r = compile and render each time; r = render a compiled template (for the rotation: the next of',
    `${ROTATION} templates through the compile cache, the reference parsing it); corpus = output matches the`,
    'expected corpus output (- for a page made here); =ref = same output as the reference, runs of white',
    'space aside (the reference is given the `en` locale data of @phensley/cldr). A cold row renders the next',
    `of ${COLD_DATASETS} datasets on each operation (both columns), values no render has seen before.`,
  ].join('\n'),
);

if (CHECK && below.length > 0) {
  console.error(`bench:template --check: ${below.length} ratio(s) below target`);
  judge(below.length, 'bench:template --check');
}
