/**
 * The form endpoints (docs/http-api.md "Forms"): schema, additional-fields validation, submission
 * key and submission. Loaded on first use: a product page needs them only when a form opens.
 */
import { fail, isRecord, ok, readStringMap } from '../result.js';
import type { ApiResult } from './types.js';
import { segment, type ApiClient } from './client.js';
import { catalogueDefaults } from '../messages/format.js';
import { FORM_MESSAGES } from '../messages/form.js';
import {
  apiText,
  crumbError,
  httpError,
  isCrumbFailure,
  mapCartError,
  serverMessage,
  text,
  type FailureMapper,
} from './errors.js';
import { parseFormSchema, type FormSchema } from './form-schema.js';
import { parseAnything, parseNothing, parseString, type Parser } from './parsers.js';

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

const formMessages = catalogueDefaults(FORM_MESSAGES);

const FORM_STATUS_TEXT: Readonly<Record<number, keyof typeof FORM_MESSAGES>> = {
  401: 'form401',
  404: 'form404',
  429: 'form429',
  500: 'form500',
};

/** Field id to message, as servers return per-field errors; null when the shape is anything else. */
const parseFieldErrors = (value: unknown): Record<string, string> | null => {
  const map = readStringMap(value);
  return map !== null && Object.keys(map).length > 0 ? map : null;
};

/** Per-field errors arrive as `errors` (field id to message). */
const fieldErrorsOf = (body: unknown): Record<string, string> | null =>
  isRecord(body) ? parseFieldErrors(body['errors']) : null;

/** SaveFormSubmission (spec 000 §8 "Generic form by status"). */
export const mapFormSaveError: FailureMapper = (failure) => {
  if (isCrumbFailure(failure.body)) return crumbError(failure);
  const byStatus = FORM_STATUS_TEXT[failure.status];
  if (byStatus !== undefined) return httpError(failure.status, formMessages().t(byStatus));
  if (failure.status === 400) {
    const fieldErrors = fieldErrorsOf(failure.body);
    // Errors on fields without a message of their own: the spec's text for any failed field.
    if (fieldErrors)
      return httpError(400, text(failure.body, 'error') ?? formMessages().t('formFieldsInvalid'), {
        fieldErrors,
      });
  }
  return httpError(failure.status, text(failure.body, 'error') ?? formMessages().t('formUnknownError'));
};

/**
 * Additional-fields validation: a 400 carries the field map (as `errors`, or as the whole body);
 * anything else follows the cart rule.
 */
export const mapValidateFormError: FailureMapper = (failure) => {
  if (failure.status === 400 && !isCrumbFailure(failure.body)) {
    const fieldErrors = fieldErrorsOf(failure.body) ?? parseFieldErrors(failure.body);
    if (fieldErrors)
      return httpError(400, serverMessage(failure.body) ?? apiText('tryAgain'), { fieldErrors });
  }
  return mapCartError(failure);
};

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
