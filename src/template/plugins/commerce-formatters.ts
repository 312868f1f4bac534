import type { FormatterTable } from './api';

/** commerce formatters. */
export const commerceFormatters: FormatterTable = {};
