/**
 * How the analytics and error-report endpoints read a beacon's body, which arrives as JSON, form
 * fields or text/plain JSON.
 */
import { isRecord, parseRequestJson } from './http';

/** Beacons arrive as JSON, form fields or text/plain JSON; all become an object (or array). */
export function looseBody(body: unknown): unknown {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body === 'string') {
    try {
      return parseRequestJson(body);
    } catch {
      return undefined;
    }
  }
  return body;
}

export function parseJsonField(value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (isRecord(value) || Array.isArray(value)) return { ok: true, value };
  if (typeof value !== 'string') return { ok: false };
  try {
    return { ok: true, value: parseRequestJson(value) };
  } catch {
    return { ok: false };
  }
}
