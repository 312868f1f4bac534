import { readFileSync, readdirSync } from 'node:fs';
import { render } from '/work/main/src/template/index';
import { commerceFormatters } from '/work/main/src/template/plugins/commerce-formatters';
import { contentFormatters } from '/work/main/src/template/plugins/content-formatters';
import { socialFormatters } from '/work/main/src/template/plugins/social-formatters';
import { i18nFormatters } from '/work/main/src/template/plugins/i18n-formatters';
import { dateFormatters } from '/work/main/src/template/plugins/date-formatters';
import { coreFormatters, legacyFormatters } from '/work/main/src/template/plugins/core-formatters';

const files: string[] = [];
const walk = (d: string) => { for (const e of readdirSync(d, { withFileTypes: true })) e.isDirectory() ? walk(`${d}/${e.name}`) : files.push(`${d}/${e.name}`); };
walk('/work/main/src/template/plugins');
const keys = [...new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'([a-zA-Z][a-zA-Z0-9]{1,})'/g)].map((m) => m[1]!)))];
const EVIL = [`"><x-evil>' data-evil2='x" data-evil="x`, 'javascript:evil()', ' JaVaScRiPt:evil()', 'data:text/html,<x-evil>', `</script><x-evil>`, 'vbscript:evil'];
let seed = 1;
const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
function gen(depth: number): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of keys) {
    const r = rnd();
    o[k] = r < 0.55 ? EVIL[Math.floor(rnd() * EVIL.length)]
      : r < 0.62 ? Math.floor(rnd() * 6)
      : r < 0.66 ? true
      : r < 0.7 && depth > 0 ? gen(depth - 1)
      : r < 0.73 && depth > 0 ? [gen(depth - 1), EVIL[0], gen(depth - 1)]
      : EVIL[0];
  }
  return o;
}
const names = Object.keys({ ...commerceFormatters, ...contentFormatters, ...socialFormatters, ...i18nFormatters, ...dateFormatters, ...coreFormatters, ...legacyFormatters });
const bad = new Map<string, string>();
const URL_ATTR = /\b(href|src|action|formaction|poster|data-src|data-image|srcset|xlink:href)\s*=\s*["']?\s*(javascript|vbscript|data):/i;
for (let s = 0; s < 40; s++) {
  const data = { v: gen(2), ...gen(1) };
  for (const name of names) {
    for (const args of ['', ' product-form', ' restock-form x', ' a b']) {
      let out: string;
      try { out = render(`{v|${name}${args}}`, data, { locale: 'en-US' }).output; } catch (e) { bad.set(name, `THROW ${e}`); continue; }
      const why = out.includes('<x-evil') ? 'element injection' : out.includes('data-evil="') ? 'attr breakout "' : out.includes("data-evil2='") ? "attr breakout '" : URL_ATTR.test(out) ? 'script url' : '';
      if (why && !bad.has(name)) bad.set(name, `${why}: ${out.slice(Math.max(0, out.search(/x-evil|data-evil|javascript:|vbscript:|data:/i) - 120), out.search(/x-evil|data-evil|javascript:|vbscript:|data:/i) + 60)}`);
    }
  }
}
for (const [k, v] of bad) console.log(k.padEnd(24), v.replace(/\n/g, '\\n').slice(0, 260));
