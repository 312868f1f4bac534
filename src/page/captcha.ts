/**
 * The captcha (spec 000 §5, spec 001 §4, §8, §9), framework-free: the restock form and the site
 * form use it through src/react/captcha.tsx. The provider's script is loaded on demand, once,
 * from the site context's `captchaScriptUrl`; its API is reCAPTCHA's explicit one on
 * `window.grecaptcha` (render, execute, getResponse, reset). The reference server serves a fake
 * provider with the same API at `/captcha/fake.js` for the demo and the tests.
 */
import { DIAGNOSTICS } from '../messages/diagnostics.js';
import { pageState } from './page-state.js';

/** What the provider script defines on `window.grecaptcha`. */
export interface CaptchaProvider {
  render(container: HTMLElement, options: { sitekey: string; size: CaptchaSize }): number | string;
  execute?(widgetId: number | string): unknown;
  getResponse(widgetId: number | string): string;
  reset(widgetId: number | string): void;
  /** reCAPTCHA's own "API ready" hook; the script's load event can come before it. */
  ready?(callback: () => void): void;
}

export type CaptchaSize = 'normal' | 'compact';

/** The captcha widget's states of spec 001 §4, plus `idle` before the first render. */
export type CaptchaState = 'idle' | 'rendered' | 'executed' | 'reset' | 'destroyed';

export interface CaptchaOptions {
  /** The site's captcha key (`captchaSiteKey` of the site context). */
  readonly siteKey: string;
  /**
   * The provider's script.
   * @default 'https://www.google.com/recaptcha/api.js?render=explicit'
   */
  readonly scriptUrl?: string | undefined;
}

export interface CaptchaController {
  readonly state: CaptchaState;
  /** Loads the provider (once per page) and draws the captcha into the container. */
  render(): Promise<void>;
  /**
   * Executes the captcha and reads its response: the token to send, taken right before submit.
   * An empty string means the visitor has not completed it. Rejects with "ReCaptcha has not been
   * set up!" until `render()` has resolved, and after `destroy()`.
   */
  getToken(): Promise<string>;
  /** Clears the captcha for another attempt (after a failed submit). */
  reset(): void;
  /** Removes the captcha (after a successful submit or on unmount). */
  destroy(): void;
}

/** The provider's real script, used when the site context names none. */
export const DEFAULT_CAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';

/** Spec 001 §9: compact when the container is under 320 px wide. */
export const CAPTCHA_COMPACT_BELOW_PX = 320;

/** The size the captcha takes in a container of this width. */
export const captchaSize = (width: number): CaptchaSize =>
  width < CAPTCHA_COMPACT_BELOW_PX ? 'compact' : 'normal';

type CaptchaWindow = Window & { grecaptcha?: CaptchaProvider };

const providerOf = (win: CaptchaWindow): CaptchaProvider | null => {
  const g = win.grecaptcha;
  return g && typeof g.render === 'function' && typeof g.getResponse === 'function' ? g : null;
};

/**
 * Loads the provider script once per URL and page through a promise the page keeps
 * (./page-state.ts); a failed load is forgotten so
 * the next call tries again (the same rule as the loader's chunks). Resolves with the provider.
 */
export function loadCaptchaScript(
  url: string = DEFAULT_CAPTCHA_SCRIPT_URL,
  doc: Document = document,
): Promise<CaptchaProvider> {
  const loads = (pageState(doc).captchaScripts ??= new Map());
  let loading = loads.get(url);
  if (loading) return loading;
  const win = doc.defaultView as CaptchaWindow | null;
  loading = new Promise<CaptchaProvider>((resolve, reject) => {
    const check = () => {
      const provider = win ? providerOf(win) : null;
      if (provider) resolve(provider);
      else reject(new Error(`The captcha script at ${url} did not define grecaptcha`));
    };
    // reCAPTCHA's script defines `ready` first and the rest of its API a moment later.
    const ready = () => {
      const early = win?.grecaptcha;
      if (early && typeof early.ready === 'function') early.ready(check);
      else check();
    };
    if (win && providerOf(win)) {
      ready();
      return;
    }
    // A file, never inline code: the page's Content-Security-Policy allows script files only.
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      script.remove();
      reject(new Error(`The captcha script failed to load: ${url}`));
    };
    doc.head.appendChild(script);
  });
  loading.catch(() => loads.delete(url));
  loads.set(url, loading);
  return loading;
}

const notSetUp = () => new Error(DIAGNOSTICS.captchaNotSetUp);
/** Spec 001 §8: a captcha whose document was destroyed refuses with a message of its own. */
const destroyedError = () => new Error(DIAGNOSTICS.captchaDestroyed);

/**
 * A captcha in `container`. Nothing is loaded or drawn until `render()`; the provider draws into
 * a child element of its own, so `destroy()` leaves the container as it found it.
 */
export function createCaptcha(container: HTMLElement, options: CaptchaOptions): CaptchaController {
  const doc = container.ownerDocument;
  let state: CaptchaState = 'idle';
  let provider: CaptchaProvider | null = null;
  let widgetId: number | string | null = null;
  let host: HTMLElement | null = null;
  let rendering: Promise<void> | null = null;

  // A function, not a comparison in place: the state changes across an await.
  const destroyed = () => state === 'destroyed';
  const setUp = (): { provider: CaptchaProvider; id: number | string } | null =>
    state !== 'destroyed' && provider && widgetId !== null ? { provider, id: widgetId } : null;

  return {
    get state() {
      return state;
    },
    render() {
      rendering ??= loadCaptchaScript(options.scriptUrl ?? DEFAULT_CAPTCHA_SCRIPT_URL, doc).then(
        (loaded) => {
          if (state === 'destroyed') return;
          host = doc.createElement('div');
          host.className = 'sf-captcha__widget';
          container.appendChild(host);
          const size = captchaSize(container.getBoundingClientRect().width);
          widgetId = loaded.render(host, { sitekey: options.siteKey, size });
          provider = loaded;
          state = 'rendered';
        },
        (error: unknown) => {
          rendering = null;
          throw error;
        },
      );
      return rendering;
    },
    async getToken() {
      const ready = setUp();
      if (!ready && destroyed()) throw destroyedError();
      if (!ready) throw notSetUp();
      try {
        await ready.provider.execute?.(ready.id);
      } catch {
        // A checkbox captcha needs no executing and some providers refuse it; the response decides.
      }
      if (state !== 'destroyed') state = 'executed';
      const token = ready.provider.getResponse(ready.id);
      return typeof token === 'string' ? token : '';
    },
    reset() {
      const ready = setUp();
      if (!ready) return;
      try {
        ready.provider.reset(ready.id);
      } catch {
        // A provider that cannot reset leaves its answer as it was; the next token read decides.
        return;
      }
      state = 'reset';
    },
    destroy() {
      if (state === 'destroyed') return;
      state = 'destroyed';
      host?.remove();
      host = null;
      provider = null;
      widgetId = null;
    },
  };
}
