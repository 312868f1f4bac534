/**
 * The census endpoints' paths and the form body of a form-encoded analytics call, shared by the
 * api's calls (./analytics.ts) and the platform layer's beacons (../page/beacons.ts). It imports
 * nothing, so the platform's chunk takes it without the api client.
 */

/** The census endpoints under the api root that take a body (spec 000 §7). */
export const CENSUS_PATHS = {
  recordHit: 'census/RecordHit',
  buttonClick: 'census/button-click',
  buttonRender: 'census/button-render',
  formRender: 'census/form-render',
  overlay: 'census/overlay',
} as const;

/** The form body of a form-encoded call: strings as they are, anything else as JSON. */
export const formBody = (fields: Readonly<Record<string, unknown>>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return params;
};
