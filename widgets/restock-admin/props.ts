import { fail, isRecord, ok, readStringEntries, type Result } from '../../src/result.js';

/** `data-sf-props` of the restock tools: optional, `{ "strings"?: { [key]: text } }`. */
export interface RestockAdminProps {
  /** Text overrides by key of widgets/restock-admin/messages.ts. @default {} */
  readonly strings?: Readonly<Record<string, string>> | undefined;
}

/** Nothing, or an object; non-string overrides are dropped, anything else is refused. */
export function parseRestockAdminProps(raw: unknown): Result<RestockAdminProps> {
  if (raw === undefined || raw === null) return ok({});
  if (!isRecord(raw)) return fail(['restock-admin props must be an object']);
  return ok({ strings: readStringEntries(raw.strings) ?? {} });
}
