// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/template/index';

const out = (template: string, json: unknown): string => render(template, json).output;

describe('numbers read from text in .eval', () => {
  it('reads decimal, exponent and hex text', () => {
    const json = { a: '2.5', b: '1e2', c: '0x10', d: '3.' };
    expect(out('{.eval a * 2}|{.eval b * 1}|{.eval c * 1}|{.eval d * 2}', json)).toBe('5|100|16|6');
  });

  it('gives no number for 100,000 digits followed by a letter', () => {
    // The check used to backtrack over every split of the run of digits: seconds per value.
    const a = `${'1'.repeat(100_000)}x`;
    expect(out('[{.eval a * 2}][{.eval num(a)}][{.eval a - 1}]', { a })).toBe('[NaN][NaN][NaN]');
  });
});
