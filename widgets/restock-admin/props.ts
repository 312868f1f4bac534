import { fail, ok, type Result } from '../../src/result.js';

/** `data-sf-props` of the restock tools: optional, `{ "strings"?: { [key]: text } }`. */
export interface RestockAdminProps {
  /** Text overrides by key of widgets/restock-admin/messages.ts. @default {} */
  readonly strings?: Readonly<Record<string, string>> | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Nothing, or an object; non-string overrides are dropped, anything else is refused. */
export function parseRestockAdminProps(raw: unknown): Result<RestockAdminProps> {
  if (raw === undefined || raw === null) return ok({});
  if (!isRecord(raw)) return fail(['restock-admin props must be an object']);
  const strings: Record<string, string> = {};
  if (isRecord(raw.strings))
    for (const [k, v] of Object.entries(raw.strings)) if (typeof v === 'string') strings[k] = v;
  return ok({ strings });
}
