/**
 * A stand-in for the captcha provider in unit tests, with the API of reCAPTCHA's explicit mode
 * (the reference server's `/captcha/fake.js` has the same one; the browser tests use that file).
 * `intercept()` catches the `<script>` the captcha appends to `<head>` and answers it with a load
 * (defining `window.grecaptcha`) or an error, without any network.
 */
import { vi } from 'vitest';
import type { CaptchaProvider, CaptchaSize } from '../../../src/page/captcha.js';

export interface FakeWidget {
  readonly container: HTMLElement;
  readonly sitekey: string;
  readonly size: CaptchaSize;
  readonly box: HTMLInputElement;
  executed: number;
  resets: number;
}

export class FakeProvider implements CaptchaProvider {
  readonly widgets: FakeWidget[] = [];
  readyCalls = 0;

  render(container: HTMLElement, options: { sitekey: string; size: CaptchaSize }): number {
    const label = container.ownerDocument.createElement('label');
    const box = container.ownerDocument.createElement('input');
    box.type = 'checkbox';
    label.append(box, " I'm not a robot");
    container.appendChild(label);
    this.widgets.push({
      container,
      sitekey: options.sitekey,
      size: options.size,
      box,
      executed: 0,
      resets: 0,
    });
    return this.widgets.length - 1;
  }

  execute(id: number | string): void {
    this.widget(id).executed += 1;
  }

  getResponse(id: number | string): string {
    return this.widget(id).box.checked ? `fake-token-${String(id)}` : '';
  }

  reset(id: number | string): void {
    const w = this.widget(id);
    w.box.checked = false;
    w.resets += 1;
  }

  ready(callback: () => void): void {
    this.readyCalls += 1;
    callback();
  }

  private widget(id: number | string): FakeWidget {
    const w = this.widgets[Number(id)];
    if (!w) throw new Error(`no widget ${String(id)}`);
    return w;
  }
}

type Outcome = 'load' | 'error' | 'load-without-api';

export interface Interception {
  /** Script URLs the page asked for, in order. */
  readonly requested: string[];
  readonly provider: FakeProvider;
  /** How the next script requests end; the last entry repeats. @default ['load'] */
  outcomes: Outcome[];
}

/** Answers every captcha `<script>` appended to `<head>`; restore with `vi.restoreAllMocks()`. */
export function intercept(outcomes: Outcome[] = ['load']): Interception {
  const state: Interception = { requested: [], provider: new FakeProvider(), outcomes };
  const head = document.head;
  const original = head.appendChild.bind(head);
  vi.spyOn(head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (!(node instanceof HTMLScriptElement)) return original(node);
    state.requested.push(node.src);
    const outcome = (state.outcomes.length > 1 ? state.outcomes.shift() : state.outcomes[0]) ?? 'load';
    queueMicrotask(() => {
      if (outcome === 'load') {
        (window as unknown as { grecaptcha?: CaptchaProvider }).grecaptcha = state.provider;
      }
      node.dispatchEvent(new Event(outcome === 'error' ? 'error' : 'load'));
    });
    return node;
  });
  return state;
}

/** Forgets the provider a test defined. */
export function removeProvider(): void {
  delete (window as unknown as { grecaptcha?: CaptchaProvider }).grecaptcha;
}
