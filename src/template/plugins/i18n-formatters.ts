import type { FormatterTable } from './api';

/** i18n formatters. */
export const i18nFormatters: FormatterTable = {};
