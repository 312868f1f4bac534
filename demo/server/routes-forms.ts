/**
 * Form schema, validation and submission endpoints (spec 000 §7, errors per §8).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientKey } from './addresses';
import { verifyCaptchaToken } from './captcha';
import type { Db } from './db';
import { MESSAGES, validateAnswers, type FormSchema } from './forms';
import { badField, isRecord, newToken, parseRequestJson, sendError, type ErrorBody } from './http';
import { FORM_KEY_TTL_MS, MAX_FORM_KEYS, MAX_FORM_KEYS_PER_ADDRESS, type RateLimitSetting } from './limits';

export const FORM_NOT_FOUND = 'This form has not been configured yet.';
const KEY_TTL_MS = FORM_KEY_TTL_MS;
const FORM_ID = /^[\w.-]{1,100}$/;

export function getForm(db: Db, id: string): FormSchema | null {
  if (!FORM_ID.test(id)) return null;
  const row = db.prepare('SELECT json FROM forms WHERE id = ?').get(id) as { json: string } | undefined;
  return row ? (JSON.parse(row.json) as FormSchema) : null;
}

/** Spec 000 §8 reads `data.error` for submissions, so those bodies carry it beside `message`. */
function formError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: Omit<ErrorBody, 'message' | 'error'> = {},
): FastifyReply {
  return sendError(reply, status, message, { ...extra, error: message });
}

const optionalText = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.length <= 2000);

export function registerFormRoutes(
  app: FastifyInstance,
  db: Db,
  limits: { formSubmission: RateLimitSetting; formKey: RateLimitSetting },
): void {
  app.get('/api/template/GetTemplateSchema', async (request, reply) => {
    const { type, formId } = request.query as Record<string, unknown>;
    if (type !== 'form') return badField(reply, 'type', 'type must be form.');
    if (typeof formId !== 'string' || formId === '') return badField(reply, 'formId', 'formId is required.');
    const form = getForm(db, formId);
    return form ?? sendError(reply, 404, FORM_NOT_FOUND);
  });

  app.post('/api/rest/forms/validate/:formId', async (request, reply) => {
    const { formId } = request.params as { formId: string };
    const form = getForm(db, formId);
    if (!form) return sendError(reply, 404, FORM_NOT_FOUND);
    if (!isRecord(request.body))
      return sendError(reply, 400, 'The request body must be a JSON object of field answers.');
    const errors = validateAnswers(form, request.body);
    if (Object.keys(errors).length > 0) return sendError(reply, 400, MESSAGES.anyInvalid, { errors });
    return {};
  });

  // Keys cost a stored row each: a rate per address, a quota per address (its oldest key goes),
  // and past the overall cap the oldest key of whichever address holds the most. A flood from one
  // address so only ever evicts its own keys, never the key a visitor's open form holds.
  const insertKey = db.prepare('INSERT INTO form_keys (key, created, address) VALUES (?, ?, ?)');
  const pruneExpired = db.prepare('DELETE FROM form_keys WHERE created < ?');
  const pruneAddress = db.prepare(
    `DELETE FROM form_keys WHERE rowid IN (SELECT rowid FROM form_keys WHERE address = ? AND used IS NULL
       ORDER BY rowid DESC LIMIT -1 OFFSET ?)`,
  );
  const countKeys = db.prepare('SELECT COUNT(*) AS n FROM form_keys');
  const pruneLargestHolder = db.prepare(
    `DELETE FROM form_keys WHERE rowid = (SELECT rowid FROM form_keys WHERE address IS (
       SELECT address FROM form_keys GROUP BY address ORDER BY COUNT(*) DESC, MIN(rowid) LIMIT 1)
     ORDER BY rowid LIMIT 1)`,
  );
  const issueKey = db.transaction((address: string): string => {
    const key = newToken();
    const now = Date.now();
    insertKey.run(key, now, address);
    pruneExpired.run(now - KEY_TTL_MS);
    pruneAddress.run(address, MAX_FORM_KEYS_PER_ADDRESS);
    let { n } = countKeys.get() as { n: number };
    for (; n > MAX_FORM_KEYS; n--) pruneLargestHolder.run();
    return key;
  });
  app.post(
    '/api/form/FormSubmissionKey',
    { config: { rateLimit: { max: limits.formKey.max, timeWindow: limits.formKey.timeWindowMs } } },
    async (request) => ({ key: issueKey(clientKey(request)) }),
  );

  app.post(
    '/api/form/SaveFormSubmission',
    {
      config: {
        // docs/http-api.md: JSON, or form-encoded with `form` as a JSON string.
        bodies: ['json', 'form'],
        rateLimit: { max: limits.formSubmission.max, timeWindow: limits.formSubmission.timeWindowMs },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!isRecord(body)) return formError(reply, 400, 'Could not parse the form submission.');
      const { key, formId } = body;
      if (typeof formId !== 'string' || formId === '') {
        return formError(reply, 400, 'formId is required.', { errors: { formId: 'formId is required.' } });
      }
      const form = getForm(db, formId);
      if (!form || form.kind !== 'site') return formError(reply, 404, FORM_NOT_FOUND);
      const keyRow =
        typeof key === 'string' && key.length <= 100
          ? (db.prepare('SELECT created, used FROM form_keys WHERE key = ?').get(key) as
              { created: number; used: number | null } | undefined)
          : undefined;
      if (!keyRow || keyRow.used !== null || Date.now() - keyRow.created > KEY_TTL_MS) {
        return formError(reply, 401, 'The form submission key is missing, used or expired.');
      }
      let answers: unknown = body['form'];
      if (typeof answers === 'string') {
        try {
          answers = parseRequestJson(answers);
        } catch {
          answers = undefined;
        }
      }
      if (!isRecord(answers))
        return formError(reply, 400, 'Could not parse the form fields, please check your entries.');
      const contentSource = body['contentSource'];
      if (
        contentSource !== undefined &&
        contentSource !== null &&
        contentSource !== 'i' &&
        contentSource !== 'c'
      ) {
        return formError(reply, 400, 'contentSource must be i or c.', {
          errors: { contentSource: 'contentSource must be i or c.' },
        });
      }
      const permission = body['pagePermissionTypeValue'];
      if (
        !optionalText(body['pageTitle']) ||
        !optionalText(body['pageId']) ||
        !optionalText(body['pagePath']) ||
        !(
          permission === undefined ||
          permission === null ||
          typeof permission === 'number' ||
          (typeof permission === 'string' && permission.length <= 100)
        )
      ) {
        return formError(reply, 400, 'The page fields are malformed.');
      }
      const captchaKey = body['captchaKey'];
      // Only tokens the (fake) provider issued pass: demo/server/captcha.ts.
      if (form.captchaSettings.enabled && !verifyCaptchaToken(captchaKey)) {
        return formError(reply, 400, 'Complete CAPTCHA before submitting.');
      }
      const errors = validateAnswers(form, answers);
      if (Object.keys(errors).length > 0) return formError(reply, 400, MESSAGES.anyInvalid, { errors });
      const id = randomUUID();
      const str = (v: unknown): string | null =>
        typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
      db.transaction(() => {
        db.prepare('UPDATE form_keys SET used = ? WHERE key = ?').run(Date.now(), key);
        db.prepare(
          `INSERT INTO form_submissions (id, form_id, data_json, page_title, page_id, content_source, page_path,
             page_permission_type_value, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          form.id,
          JSON.stringify(answers),
          str(body['pageTitle']),
          str(body['pageId']),
          str(contentSource),
          str(body['pagePath']),
          str(permission),
          Date.now(),
        );
      })();
      return { success: true, submissionId: id };
    },
  );
}
