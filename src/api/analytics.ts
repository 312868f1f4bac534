/**
 * Census, performance, event and error-report endpoints (spec 000 §8, §9; spec 001 analytics).
 * Their failures resolve to ok:false and are otherwise ignored ("Analytics failures: silently
 * ignored"). Loaded on first use: nothing here is needed before a page is interactive.
 */
import { PAGE_LIMITS } from '../page/constants.js';
import { fail, isRecord, ok } from '../result.js';
import type { ApiResult } from './types.js';
import { segment, type ApiClient } from './client.js';
import { CENSUS_PATHS, formBody } from './census.js';
import { parseAnything, parseString, type Parser } from './parsers.js';

export interface FormRenderFields {
  readonly formId: string;
  readonly visitorCookie?: string | undefined;
}
export interface OverlayFields {
  readonly visitorCookie?: string | undefined;
}
/** A census endpoint's body: one hit, or a list of them. */
export type CensusFields<T> = T | readonly T[];

/** How a fire-and-forget call goes. */
export interface SendOptions {
  /** Sent to outlive the page (a keep-alive request): the platform's calls as the page is left. */
  readonly keepalive?: boolean | undefined;
}

export interface AnalyticsApi {
  recordJavascriptErrors(events: readonly unknown[]): Promise<ApiResult<unknown>>;
  recordHit(
    input: { event: string; data: Readonly<Record<string, unknown>>; ss_cvr?: string | undefined },
    send?: SendOptions,
  ): Promise<ApiResult<unknown>>;
  /** One census hit, or a batch of them (docs/http-api.md: 1 to 100). */
  buttonClick(
    fields: CensusFields<Readonly<Record<string, unknown>>>,
    send?: SendOptions,
  ): Promise<ApiResult<unknown>>;
  buttonRender(
    fields: CensusFields<Readonly<Record<string, unknown>>>,
    send?: SendOptions,
  ): Promise<ApiResult<unknown>>;
  formRender(fields: CensusFields<FormRenderFields>, send?: SendOptions): Promise<ApiResult<unknown>>;
  overlay(fields: CensusFields<OverlayFields>, send?: SendOptions): Promise<ApiResult<unknown>>;
  recordQuickView(id: string, send?: SendOptions): Promise<ApiResult<unknown>>;
  performanceSettings(): Promise<ApiResult<{ pageLoadId: string }>>;
  performanceRecords(records: readonly unknown[], send?: SendOptions): Promise<ApiResult<unknown>>;
  recordEvent(
    input: {
      event: string;
      data: Readonly<Record<string, unknown>>;
      extra?: Readonly<Record<string, string>> | undefined;
    },
    send?: SendOptions,
  ): Promise<ApiResult<unknown>>;
}

/** Census calls give up after 2.5 s (spec 000 §7, §9): a page view never waits on them. */
const CENSUS_TIMEOUT_MS = PAGE_LIMITS.censusTimeoutMs;
const PERFORMANCE_SETTINGS_TIMEOUT_MS = PAGE_LIMITS.performanceSettingsTimeoutMs;

const parsePageLoadId: Parser<{ pageLoadId: string }> = (body) => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const id = parseString(body['pageLoadId']);
  return id.ok ? ok({ pageLoadId: id.value }) : id;
};

export const createAnalyticsApi = ({ call, crumb }: ApiClient): AnalyticsApi => {
  /** A JSON post whose answer nobody reads. */
  const post = (path: string, json: unknown, timeoutMs?: number, send?: SendOptions) =>
    call({ method: 'post', path, json, parse: parseAnything, timeoutMs, ...send });
  const census = (path: string) => (fields: unknown, send?: SendOptions) =>
    post(path, fields, CENSUS_TIMEOUT_MS, send);

  return {
    recordJavascriptErrors: (events) => post('events/RecordJavascriptErrors', events),

    recordHit: ({ event, data, ss_cvr }, send) =>
      call({
        method: 'post',
        path: CENSUS_PATHS.recordHit,
        body: formBody({ event, data, ss_cvr }),
        parse: parseAnything,
        timeoutMs: CENSUS_TIMEOUT_MS,
        ...send,
      }),

    buttonClick: census(CENSUS_PATHS.buttonClick),

    buttonRender: census(CENSUS_PATHS.buttonRender),

    formRender: census(CENSUS_PATHS.formRender),

    overlay: census(CENSUS_PATHS.overlay),

    recordQuickView: (id, send) =>
      call({
        method: 'post',
        path: `census/RecordQuickView/${segment(id)}`,
        parse: parseAnything,
        timeoutMs: CENSUS_TIMEOUT_MS,
        ...send,
      }),

    performanceSettings: () =>
      call({
        method: 'get',
        path: '1/performance/settings',
        parse: parsePageLoadId,
        timeoutMs: PERFORMANCE_SETTINGS_TIMEOUT_MS,
      }),

    performanceRecords: (records, send) =>
      call({
        method: 'post',
        path: '1/performance/records',
        body: JSON.stringify(records),
        contentType: 'text/plain;charset=UTF-8',
        parse: parseAnything,
        ...send,
      }),

    recordEvent: ({ event, data, extra }, send) =>
      call({
        method: 'post',
        path: 'events/RecordEvent',
        body: formBody({ crumb: crumb() ?? '', event, ...extra, data }),
        parse: parseAnything,
        ...send,
      }),
  };
};
