/** The texts of `DIAGNOSTICS` (./diagnostics.ts), one export each. */
export const trackingHttpStatus = 'Error tracking event: HTTP Status {code}';
export const performanceUnexpectedStatus = 'XHR request DONE with unexpected status';
export const performanceSettingsTimeout = 'Metric settings request timeout';
export const performanceNoPageLoadId = 'Unable to resolve pageLoadId';
export const performanceEmptyRecord = 'Data is empty';
export const storageWriteFailed = 'Unable to store analyticsId';
export const storageUnavailable = 'Unable access local/session storage';
export const captchaNotSetUp = 'ReCaptcha has not been set up!';
export const captchaDestroyed = 'ReCaptcha document has been destroyed';
export const experimentNotLoaded = 'the underlying configuration is not loaded';
export const experimentUnknownFeature = 'the specified feature does not exist';
export const experimentTypeMismatch = 'the specified feature is not a {type}';
export const experimentInvalidDefinition = 'the specified feature has an invalid server-side definition';
export const imageSizeInvalidSource = "Invalid source parameter. Pass in 'originalSize'";
export const formatterNotImplemented = 'formatter is not yet implemented';
export const cssChunkLoadFailed = 'CSS_CHUNK_LOAD_FAILED';
