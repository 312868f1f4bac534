// @vitest-environment node
/**
 * Smaller holes, each as the request that found it: prototype keys in form answers, free form
 * keys, script image URLs from the catalogue, cookies over HTTPS, and caching of personalised pages.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, Visitor } from './visitor';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const KEY = '/api/form/FormSubmissionKey';
const SAVE = '/api/form/SaveFormSubmission';
const CONTACT = {
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  message: 'Hello',
};
const submissions = (): number =>
  (app!.db.prepare('SELECT COUNT(*) AS n FROM form_submissions').get() as { n: number }).n;

async function formKey(v: Visitor): Promise<string> {
  const res = await v.post(KEY);
  expect(res.statusCode).toBe(200);
  return res.json().key as string;
}

describe('form answers sent as a JSON string', () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses a %s key as an unknown field and stores nothing',
    async (name) => {
      app = await startServer();
      const visitor = await new Visitor(app).arrive();
      const form = `{${JSON.stringify(CONTACT).slice(1, -1)},"${name}":{"isAdmin":true}}`;
      const res = await visitor.post(SAVE, { key: await formKey(visitor), formId: 'form-contact', form });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [name]: 'Unknown field.' });
      expect(Object.keys(res.json().errors)).toEqual([name]);
      expect(submissions()).toBe(0);
    },
  );
});
