/**
 * Texts the template engine prints, in the one place both it and the widgets' catalogue read them.
 * Spec 001 §5 ("Invalid date for the time-since formatter gives Invalid date.") reads either way
 * with or without the stop; the reference engine prints it, so the stop is part of the text.
 */
export const TEMPLATE_TEXTS = {
  invalidDate: 'Invalid date.',
} as const;
