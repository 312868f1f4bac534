import type { FormatterTable } from './api';

/** social formatters. */
export const socialFormatters: FormatterTable = {};
