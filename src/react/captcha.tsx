/**
 * The captcha as a component (spec 000 §5: rendered only when the site has a captcha site key).
 * The form holding it takes a token through the ref right before it submits, resets it after a
 * failure and unmounts it (which destroys it) after a success.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { createCaptcha, type CaptchaController } from '../page/captcha.js';
import { DIAGNOSTICS } from '../messages/diagnostics.js';
import { useStorefront } from './provider.js';

export interface CaptchaHandle {
  /**
   * The captcha's token, taken right before submit; '' when the visitor has not completed it.
   * Rejects with "ReCaptcha has not been set up!" while the provider is not ready (or failed).
   */
  getToken(): Promise<string>;
  /** Clears the captcha for another attempt. */
  reset(): void;
}

export interface CaptchaProps {
  /** The site's captcha key; without one nothing is rendered. */
  readonly siteKey?: string | undefined;
  /**
   * The provider's script.
   * @default the site context's `captchaScriptUrl`
   */
  readonly scriptUrl?: string | undefined;
  /** Extra class on the container. @default none */
  readonly className?: string | undefined;
  /** The widget named when a failed script load is reported. @default none */
  readonly widget?: string | undefined;
}

/** `<Captcha siteKey={context.captchaSiteKey} ref={handle} />`. */
export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha(
  { siteKey, scriptUrl, className, widget },
  ref,
) {
  const { context, reporter } = useStorefront();
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<CaptchaController | null>(null);
  const url = scriptUrl ?? context.captchaScriptUrl;

  useEffect(() => {
    const el = container.current;
    if (!siteKey || !el) return undefined;
    const captcha = createCaptcha(el, { siteKey, scriptUrl: url });
    controller.current = captcha;
    captcha.render().catch((error: unknown) => {
      // The form still works: submitting asks for the captcha, and the failure is reported.
      reporter.report(error, { code: 'CAPTCHA_LOAD_FAILED', ...(widget && { widget }) });
    });
    return () => {
      captcha.destroy();
      if (controller.current === captcha) controller.current = null;
    };
  }, [siteKey, url, reporter, widget]);

  useImperativeHandle(
    ref,
    () => ({
      getToken: () =>
        controller.current
          ? controller.current.getToken()
          : Promise.reject(new Error(DIAGNOSTICS.captchaNotSetUp)),
      reset: () => controller.current?.reset(),
    }),
    [],
  );

  if (!siteKey) return null;
  return <div ref={container} className={className ? `sf-captcha ${className}` : 'sf-captcha'} />;
});
