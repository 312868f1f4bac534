import type { FormatterTable } from './api';

/** core formatters. */
export const coreFormatters: FormatterTable = {};
