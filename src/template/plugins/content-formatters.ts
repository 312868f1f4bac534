import type { FormatterTable } from './api';

/** content formatters. */
export const contentFormatters: FormatterTable = {};
