/** Colour formatters: light/dark weight and website HSL colours (spec 001 §9). */
import { isObject, toNumber } from './json';

/** "light" when the hex colour is above half of white, else "dark"; non-colours give ''. */
export function colorWeight(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (m === null || m[1] === undefined) return '';
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return parseInt(hex, 16) > 0xffffff / 2 ? 'light' : 'dark';
}

/** Rounds to at most two decimals and drops trailing zeros. */
function round2(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** `hsl(...)` / `hsla(...)` from a website colour {hue, saturation, lightness, alpha?}. */
export function websiteColor(value: unknown): string {
  const node = isObject(value) ? value : {};
  const hue = toNumber(node['hue']);
  const saturation = toNumber(node['saturation']);
  const lightness = toNumber(node['lightness']);
  const alpha = toNumber(node['alpha']);
  if (hue === undefined || saturation === undefined || lightness === undefined) {
    return 'Missing an H/S/L value.';
  }
  const problems: string[] = [];
  if (hue < 0 || hue > 360) problems.push('Hue out of bounds.');
  if (saturation < 0 || saturation > 1) problems.push('Saturation out of bounds.');
  if (lightness < 0 || lightness > 1) problems.push('Lightness out of bounds.');
  if (alpha !== undefined && (alpha < 0 || alpha > 1)) problems.push('Alpha out of bounds.');
  if (problems.length > 0) return problems.join(' ');
  const hsl = `${round2(hue)}, ${round2(saturation * 100)}%, ${round2(lightness * 100)}%`;
  return alpha === undefined ? `hsl(${hsl})` : `hsla(${hsl}, ${round2(alpha)})`;
}
