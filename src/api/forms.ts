/**
 * The form endpoints (docs/http-api.md "Forms"): schema, additional-fields validation, submission
 * key and submission. Loaded on first use: a product page needs them only when a form opens.
 */
import { fail, ok } from '../result.js';
import type { ApiResult } from './types.js';
import { segment, type ApiClient } from './client.js';
import { mapFormSaveError, mapValidateFormError } from './errors.js';
import { parseFormSchema, type FormSchema } from './form-schema.js';
import { isRecord, parseAnything, parseNothing, parseString, type Parser } from './parse.js';

export type { FormSchema, FormSchemaField } from './form-schema.js';

export interface FormSubmissionPayload {
  readonly key: string;
  /** Which form (an extension of the reference server, docs/http-api.md). */
  readonly formId: string;
  /** Field id to value. */
  readonly form: Readonly<Record<string, unknown>>;
  readonly captchaKey?: string | undefined;
  readonly pageTitle: string;
  readonly pageId: string;
  /** `i` for an item page, `c` for a collection page. */
  readonly contentSource: 'i' | 'c';
  readonly pagePath: string;
  readonly pagePermissionTypeValue: number;
}

export interface FormsApi {
  getFormSchema(formId: string): Promise<ApiResult<FormSchema>>;
  /** A 400 carries the per-field messages in `error.fieldErrors`. */
  validateForm(formId: string, values: Readonly<Record<string, unknown>>): Promise<ApiResult<null>>;
  getFormSubmissionKey(): Promise<ApiResult<{ key: string }>>;
  saveFormSubmission(payload: FormSubmissionPayload): Promise<ApiResult<unknown>>;
}

const parseKey: Parser<{ key: string }> = (body) => {
  if (!isRecord(body)) return fail(['body is not an object']);
  const key = parseString(body['key']);
  return key.ok ? ok({ key: key.value }) : key;
};

export const createFormsApi = ({ call }: ApiClient): FormsApi => ({
  getFormSchema: (formId) =>
    call({
      method: 'get',
      path: 'template/GetTemplateSchema',
      searchParams: { type: 'form', formId },
      parse: parseFormSchema,
    }),

  validateForm: (formId, values) =>
    call({
      method: 'post',
      path: `rest/forms/validate/${segment(formId)}`,
      json: values,
      parse: parseNothing,
      mapError: mapValidateFormError,
    }),

  getFormSubmissionKey: () => call({ method: 'post', path: 'form/FormSubmissionKey', parse: parseKey }),

  saveFormSubmission: (payload) =>
    call({
      method: 'post',
      path: 'form/SaveFormSubmission',
      json: payload,
      parse: parseAnything,
      mapError: mapFormSaveError,
    }),
});
