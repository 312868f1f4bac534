import type { FormatterTable } from './api';

/** date formatters. */
export const dateFormatters: FormatterTable = {};
