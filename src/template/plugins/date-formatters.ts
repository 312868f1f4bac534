import type { FormatterTable } from './api';
import { strftime } from './date/strftime';
import { toInstant } from './date/zone';

/** date formatters. */
export const dateFormatters: FormatterTable = {
  /** `{t|date %Y-%m-%d}`: epoch milliseconds in the website time zone. */
  date: (value, args, ctx) => {
    const ms = toInstant(value);
    if (ms === undefined || args.length === 0) return '';
    return strftime(ms, args.join(' '), ctx.timeZone);
  },
};
