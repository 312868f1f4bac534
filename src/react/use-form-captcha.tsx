/**
 * A form's captcha (spec 000 §4, §5): the site form and the additional-fields form alike. Shown
 * only for a form whose `captchaSettings` ask for one and a site with a key (the form's own, else
 * the site context's); its code is a chunk of its own, fetched only for such a form.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { FormSchema } from '../api/form-schema.js';
import type { Captcha as CaptchaComponent, CaptchaHandle } from './captcha.js';
import { useStorefront } from './provider.js';

/** The captcha check before a submit: its token, none for a form without a captcha, or refused. */
export type CaptchaCheck = { readonly ok: true; readonly token?: string } | { readonly ok: false };

export interface FormCaptcha {
  /** The captcha to render where the form shows it; null when the form has none (yet). */
  readonly element: ReactElement | null;
  /** Asks for the token right before a submit: refused when the visitor has not completed it. */
  check(): Promise<CaptchaCheck>;
  /** Clears it for another attempt, after a failed submit. */
  reset(): void;
}

export function useFormCaptcha(schema: FormSchema | null, widget: string, className: string): FormCaptcha {
  const { context, reporter } = useStorefront();
  const siteKey = schema?.captchaSettings.enabled
    ? (schema.captchaSettings.siteKey ?? context.captchaSiteKey)
    : undefined;
  const handle = useRef<CaptchaHandle>(null);
  const [Captcha, setCaptcha] = useState<typeof CaptchaComponent | null>(null);
  useEffect(() => {
    if (!siteKey) return;
    let alive = true;
    import('./captcha.js').then(
      (mod) => {
        if (alive) setCaptcha(() => mod.Captcha);
      },
      // Without it the form asks for the captcha and sends nothing; the failure is reported.
      (error: unknown) => reporter.report(error, { widget, code: 'CHUNK_LOAD_FAILED' }),
    );
    return () => {
      alive = false;
    };
  }, [siteKey, reporter, widget]);

  return {
    element: siteKey && Captcha ? <Captcha ref={handle} siteKey={siteKey} className={className} /> : null,
    check: async () => {
      if (!siteKey) return { ok: true };
      let token = '';
      try {
        token = (await handle.current?.getToken()) ?? '';
      } catch {
        token = '';
      }
      return token === '' ? { ok: false } : { ok: true, token };
    },
    reset: () => handle.current?.reset(),
  };
}
