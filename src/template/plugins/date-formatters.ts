import type { FormatterTable } from './api';
import { strftime } from './date/strftime';
import { errors } from '../errors';
import { julianDayOutsideRange, toInstant } from './date/zone';

/** A call site's arguments are one array for the life of its compiled template: joined once. */
const patterns = new WeakMap<readonly string[], string>();

/** date formatters. */
export const dateFormatters: FormatterTable = {
  /** `{t|date %Y-%m-%d}`: epoch milliseconds in the website time zone. */
  date: (value, args, ctx) => {
    const ms = toInstant(value);
    if (ms === undefined || args.length === 0) return '';
    const outside = julianDayOutsideRange(ms, ctx.timeZone);
    if (outside !== undefined) {
      const e = errors.julianDayOutOfRange(outside);
      ctx.error(e.type, e.message);
      return '';
    }
    let pattern = patterns.get(args);
    if (pattern === undefined) {
      pattern = args.join(' ');
      patterns.set(args, pattern);
    }
    return strftime(ms, pattern, ctx.timeZone);
  },
};
