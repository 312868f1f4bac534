import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { EVENTS, PRODUCT_BLOCK_ATTR, WIDGET_ATTR } from '../../src/contract.js';
import { inStock } from '../../src/commerce/stock.js';
import { restockEmailError } from '../../src/commerce/validation.js';
import type { Captcha as CaptchaComponent, CaptchaHandle } from '../../src/react/captcha.js';
import { followsChoice, type ProductChoice } from '../../src/page/choices.js';
import { useStorefront, useWidgetId } from '../../src/react/provider.js';
import { restockFormMessages } from './messages.js';
import { parseVariantChange, type AnnouncedVariant, type RestockFormProps } from './props.js';

const blockOf = (node: unknown): Element | null =>
  node instanceof Element ? node.closest(`[${PRODUCT_BLOCK_ATTR}]`) : null;

/**
 * A standalone restock block (one a theme placed, not the product form's own slot) in a product
 * block that also holds a product form: the form renders its own restock block for the chosen
 * variant, so this one stays empty rather than show a second sign-up.
 */
function yieldsToProductForm(el: Element | null): boolean {
  if (!el || el.closest(`[${WIDGET_ATTR}="product-form"]`)) return false;
  return blockOf(el)?.querySelector(`[${WIDGET_ATTR}="product-form"]`) != null;
}

/**
 * The sign-up's endpoints, which the page's api would load with the first call: fetched as soon as
 * the shopper moves into the form, so a sign-up sends its request at once rather than a round trip
 * after the press.
 */
const warmSignUp = (): void => {
  import('../../src/api/restock.js').catch(() => undefined);
};

/** Sold out: not in stock (spec 001 §4), the product form's own rule for a variant. */
const soldOut = (variant: AnnouncedVariant): boolean => !inStock(variant);

interface Target {
  readonly variantId: string | null;
  readonly shown: boolean;
}

type Phase = 'idle' | 'submitting' | 'success';

/**
 * The back-in-stock sign-up (spec 000 §2, §4, §5, §8; spec 001 §5): an email field, the optional
 * join-mailing-list checkbox and, when the site has a captcha key, the captcha. Success replaces
 * the form with the site's restock success text (the captcha goes with it); a failure shows the
 * server's message, resets the captcha and keeps what was typed.
 *
 * It starts on the variant of its props. Inside a product block it then follows the product
 * form's choice (`sf:variant-change` from the same block, or for the same product): it shows for
 * the announced variant while that variant is sold out, judged from the variant's own stock
 * (`unlimited`, `qtyInStock`), and hides for a variant in stock or an incomplete choice.
 */
export function RestockForm({
  productId,
  variantId,
  mailingListSignUpEnabled = false,
  mailingListOptInByDefault = false,
  strings,
}: RestockFormProps) {
  const { api, context, reporter, choices } = useStorefront();
  const m = useMemo(() => restockFormMessages(strings), [strings]);
  const id = useWidgetId();
  const root = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const alive = useRef(true);

  const [target, setTarget] = useState<Target>({ variantId: variantId ?? null, shown: true });
  const [deferred, setDeferred] = useState(false);
  const [email, setEmail] = useState('');
  const [join, setJoin] = useState(mailingListOptInByDefault);
  // Each message is numbered by the attempt that drew it, and its alert keyed by it: the same
  // failure twice is drawn anew and announced again.
  const [emailError, setEmailError] = useState<{ message: string; attempt: number } | null>(null);
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const attempts = useRef(0);
  // Two presses can land before a render shows the busy state; the ref sees the first at once.
  const inFlight = useRef(false);
  // Which sign-up is current: a new variant moves it on, and the answer of one sent before is
  // then for another variant, shown nowhere.
  const signUp = useRef(0);
  // The captcha's code is a chunk of its own, fetched only for a site with a captcha key.
  const [Captcha, setCaptcha] = useState<typeof CaptchaComponent | null>(null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // Before paint, so a sign-up that would double the product form's own never shows.
  useLayoutEffect(() => {
    setDeferred(yieldsToProductForm(root.current));
  }, []);

  useEffect(() => {
    const block = blockOf(root.current);
    if (!block) return undefined;
    const onChange = (event: Event) => {
      // Another block showing the same product (a card, a quick view) has its own choice.
      const from = blockOf(event.target);
      if (from !== null && from !== block) return;
      const next = parseVariantChange(productId, (event as CustomEvent<unknown>).detail);
      if (!next) return;
      const shown = next.variant !== null && soldOut(next.variant);
      const nextId = next.variant?.variantId ?? null;
      setTarget((prev) =>
        prev.shown === shown && prev.variantId === nextId ? prev : { variantId: nextId, shown },
      );
    };
    document.addEventListener(EVENTS.variantChange, onChange);
    return () => document.removeEventListener(EVENTS.variantChange, onChange);
  }, [productId]);

  // A new variant in the props (an app's re-render, the loader's update for the same product) is
  // the one to sign up for, as a choice is; the first render's is already the target.
  const propVariant = useRef(variantId);
  useEffect(() => {
    if (propVariant.current === variantId) return;
    propVariant.current = variantId;
    const next = variantId ?? null;
    setTarget((prev) => (prev.variantId === next ? prev : { variantId: next, shown: true }));
  }, [variantId]);

  // The product form's choice as the page runtime holds it: a React app's restock form follows
  // its product form this way, a loader-mounted one the form of its own block.
  useEffect(() => {
    const follow = (made: ProductChoice) => {
      if (!followsChoice(blockOf(root.current), made.scope)) return;
      const next = parseVariantChange(productId, {
        itemId: productId,
        variant: made.variant,
        quantity: made.quantity,
      });
      if (!next) return;
      const shown = next.variant !== null && soldOut(next.variant);
      const nextId = next.variant?.variantId ?? null;
      setTarget((prev) =>
        prev.shown === shown && prev.variantId === nextId ? prev : { variantId: nextId, shown },
      );
    };
    const made = choices.get(productId);
    if (made) follow(made);
    return choices.subscribe(productId, follow);
  }, [choices, productId]);

  // A sign-up is for one variant: another one starts over, keeping the typed email, and can be
  // signed up at once, even while the last variant's sign-up is still on the wire. That one took
  // the captcha's token with it, so the captcha is asked again.
  useEffect(() => {
    signUp.current += 1;
    if (inFlight.current) captcha.current?.reset();
    inFlight.current = false;
    setPhase('idle');
    setFailure(null);
  }, [target.variantId]);

  useEffect(() => {
    if (phase === 'success') successRef.current?.focus();
  }, [phase]);

  const siteKey = context.captchaSiteKey;
  const busy = phase === 'submitting';

  useEffect(() => {
    if (!siteKey) return;
    import('../../src/react/captcha.js').then(
      (mod) => {
        if (alive.current) setCaptcha(() => mod.Captcha);
      },
      // Without it the form asks for the captcha and sends nothing; the failure is reported.
      (error: unknown) => reporter.report(error, { widget: 'restock-form', code: 'CHUNK_LOAD_FAILED' }),
    );
  }, [siteKey, reporter]);

  const attempt = (message: string) => ({ message, attempt: (attempts.current += 1) });
  const fail = (message: string) => setFailure(attempt(message));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'idle' || inFlight.current) return;
    const problem = restockEmailError(email);
    if (problem !== null) {
      setEmailError(attempt(m.t(problem === 'emailBlank' ? 'emailBlank' : 'emailInvalid')));
      setFailure(null);
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    setFailure(null);
    setPhase('submitting');
    inFlight.current = true;
    const mine = (signUp.current += 1);
    try {
      await send(() => alive.current && signUp.current === mine);
    } finally {
      if (signUp.current === mine) inFlight.current = false;
    }
  };

  /** `current`: whether this sign-up is still the one on screen (same variant, still mounted). */
  const send = async (current: () => boolean) => {
    let captchaToken: string | undefined;
    if (siteKey) {
      // Right before submit: the token of the captcha as it is now.
      const token = await (captcha.current?.getToken() ?? Promise.resolve('')).catch(() => '');
      if (!current()) return;
      if (token === '') {
        setPhase('idle');
        fail(m.t('captchaIncomplete'));
        return;
      }
      captchaToken = token;
    }
    const result = await api.restockSignUp({
      productId,
      variantId: target.variantId,
      siteVisitorEmail: email.trim(),
      isJoinMailingList: mailingListSignUpEnabled && join,
      ...(captchaToken !== undefined && { captchaToken }),
    });
    if (!current()) return;
    if (result.ok) {
      setPhase('success');
      return;
    }
    setPhase('idle');
    fail(result.error.message);
    captcha.current?.reset();
  };

  const visible = target.shown && !deferred;
  const emailId = `${id}-email`;
  const emailErrorId = `${id}-email-error`;
  const ctaId = `${id}-cta`;

  return (
    <div
      ref={root}
      className="sf-restock-form"
      data-sf-variant-id={target.variantId ?? undefined}
      hidden={!visible || undefined}
    >
      {visible &&
        (phase === 'success' ? (
          <p ref={successRef} className="sf-restock-form__success" role="status" tabIndex={-1}>
            {context.restockSuccessText}
          </p>
        ) : (
          <form
            className="sf-restock-form__form"
            noValidate
            aria-labelledby={ctaId}
            onSubmit={(e) => void onSubmit(e)}
            onFocusCapture={warmSignUp}
            onPointerDown={warmSignUp}
          >
            <p id={ctaId} className="sf-restock-form__cta">
              {m.t('cta')}
            </p>
            <div className="sf-field" data-invalid={emailError ? '' : undefined}>
              <label htmlFor={emailId} className="sf-field__label">
                {m.t('emailLabel')}
              </label>
              <input
                id={emailId}
                ref={emailRef}
                className="sf-field__input"
                type="email"
                name="email"
                autoComplete="email"
                spellCheck={false}
                placeholder={m.t('emailPlaceholder') || undefined}
                value={email}
                required
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? emailErrorId : undefined}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              {emailError && (
                <p key={emailError.attempt} id={emailErrorId} className="sf-field__error" role="alert">
                  {emailError.message}
                </p>
              )}
            </div>
            {mailingListSignUpEnabled && (
              <label className="sf-restock-form__mailing-list">
                <input type="checkbox" checked={join} onChange={(e) => setJoin(e.currentTarget.checked)} />{' '}
                {m.t('mailingList')}
              </label>
            )}
            {siteKey && Captcha && (
              <Captcha
                ref={captcha}
                siteKey={siteKey}
                className="sf-restock-form__captcha"
                widget="restock-form"
              />
            )}
            {failure && (
              <p key={failure.attempt} className="sf-alert sf-restock-form__failure" role="alert">
                {failure.message}
              </p>
            )}
            <button type="submit" className="sf-button" aria-disabled={busy || undefined}>
              {busy ? m.t('submitting') : m.t('submit')}
            </button>
          </form>
        ))}
    </div>
  );
}
