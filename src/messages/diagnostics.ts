/**
 * Developer-facing texts of spec 001 §8: logged or reported, never shown to visitors, so they are
 * not overridable. Kept here so logs read the same everywhere, and in a module of their own so a
 * framework-free module (the captcha) carries these few strings, not the whole joined catalogue of
 * ./index.ts (which re-exports them).
 */
export const DIAGNOSTICS = {
  trackingHttpStatus: 'Error tracking event: HTTP Status {code}',
  performanceUnexpectedStatus: 'XHR request DONE with unexpected status',
  performanceSettingsTimeout: 'Metric settings request timeout',
  performanceNoPageLoadId: 'Unable to resolve pageLoadId',
  performanceEmptyRecord: 'Data is empty',
  storageWriteFailed: 'Unable to store analyticsId',
  storageUnavailable: 'Unable access local/session storage',
  captchaNotSetUp: 'ReCaptcha has not been set up!',
  experimentNotLoaded: 'the underlying configuration is not loaded',
  experimentUnknownFeature: 'the specified feature does not exist',
  experimentTypeMismatch: 'the specified feature is not a {type}',
  experimentInvalidDefinition: 'the specified feature has an invalid server-side definition',
  imageSizeInvalidSource: "Invalid source parameter. Pass in 'originalSize'",
  formatterNotImplemented: 'formatter is not yet implemented',
  cssChunkLoadFailed: 'CSS_CHUNK_LOAD_FAILED',
} as const;
