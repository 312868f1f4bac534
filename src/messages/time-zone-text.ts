/**
 * Spec 001 §8's "Failed to load timezone": a shared user message (PLATFORM_MESSAGES) that the site
 * context logs when its `timeZone` is unknown. A module of its own, so the start's site-context
 * reader carries this one string and not the diagnostics, which load with the platform layer.
 */
export const TIMEZONE_LOAD_FAILED = 'Failed to load timezone';
