import { parseFormSchema, type FormSchema } from '../../src/api/form-schema.js';
import { fail, isRecord, ok, readStringEntries, type Result } from '../../src/result.js';

/** The page a submission is sent from (spec 000 §3 "Form submission payload"). */
export interface SiteFormPage {
  /** The page's id. @default '' */
  readonly id: string;
  /** `i` for an item page, `c` for a collection page. @default 'c' */
  readonly contentSource: 'i' | 'c';
  /** The page's permission type value. @default 0 */
  readonly permissionType: number;
}

/** `data-sf-props` of the site form: `{ "formId", "form"?, "page"?, "strings"? }`. */
export interface SiteFormProps {
  /** The form to show and submit to. */
  readonly formId: string;
  /**
   * The schema as GET /api/template/GetTemplateSchema returns it; fetched on mount when absent.
   * @default fetched
   */
  readonly form?: FormSchema | undefined;
  /** @default { id: '', contentSource: 'c', permissionType: 0 } */
  readonly page?: SiteFormPage | undefined;
  /** Text overrides by key of widgets/site-form/messages.ts. @default {} */
  readonly strings?: Readonly<Record<string, string>> | undefined;
}

export const DEFAULT_PAGE: SiteFormPage = { id: '', contentSource: 'c', permissionType: 0 };

function parsePage(raw: unknown): SiteFormPage {
  if (!isRecord(raw)) return DEFAULT_PAGE;
  const { id, contentSource, permissionType } = raw;
  return {
    id: typeof id === 'string' ? id : typeof id === 'number' ? String(id) : DEFAULT_PAGE.id,
    contentSource:
      contentSource === 'i' || contentSource === 'c' ? contentSource : DEFAULT_PAGE.contentSource,
    permissionType:
      typeof permissionType === 'number' && Number.isSafeInteger(permissionType)
        ? permissionType
        : typeof permissionType === 'string' && /^\d{1,9}$/.test(permissionType)
          ? Number(permissionType)
          : DEFAULT_PAGE.permissionType,
  };
}

/**
 * Parses the block's props. Only `formId` is required; a `form` that does not parse is dropped
 * (the widget fetches the schema instead), a malformed `page` falls back to the defaults key by
 * key, and non-string overrides in `strings` are ignored.
 */
export function parseSiteFormProps(raw: unknown): Result<SiteFormProps> {
  if (!isRecord(raw)) return fail(['site-form props must be an object']);
  const formId = typeof raw.formId === 'number' ? String(raw.formId) : raw.formId;
  if (typeof formId !== 'string' || formId.trim() === '')
    return fail(['site-form props: "formId" is required']);
  const form = raw.form === undefined || raw.form === null ? null : parseFormSchema(raw.form);
  const strings = readStringEntries(raw.strings) ?? {};
  return ok({
    formId,
    ...(form?.ok ? { form: form.value } : {}),
    page: parsePage(raw.page),
    strings,
  });
}
