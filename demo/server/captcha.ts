/**
 * A fake captcha provider for the demo and the tests, with the API of reCAPTCHA's explicit mode on
 * `window.grecaptcha` (render, execute, getResponse, reset, ready). `render` draws a labelled
 * checkbox "I'm not a robot"; `getResponse` is '' until it is ticked, then a token `fake-<random>`.
 * The server accepts captcha tokens that start with `fake-` and refuses any other (docs/http-api.md).
 *
 * It is a script file served from the site, with no inline code or styles, so it runs under the
 * demo's strict Content-Security-Policy.
 */
import type { FastifyInstance } from 'fastify';

/** Where the fake provider is served; a page points `captchaScriptUrl` of its site context here. */
export const FAKE_CAPTCHA_PATH = '/captcha/fake.js';

/** Prefix of every token the fake provider issues. */
export const FAKE_TOKEN_PREFIX = 'fake-';

const MAX_TOKEN_LENGTH = 200;

/** Whether a captcha token is one the (fake) provider issued. */
export function verifyCaptchaToken(token: unknown): boolean {
  return (
    typeof token === 'string' &&
    token.length > FAKE_TOKEN_PREFIX.length &&
    token.length <= MAX_TOKEN_LENGTH &&
    token.startsWith(FAKE_TOKEN_PREFIX)
  );
}

/** The provider script. Browser code, kept to ES2017 so any test browser runs it. */
export const FAKE_CAPTCHA_SCRIPT = `(function () {
  'use strict';
  if (window.grecaptcha) return;
  var widgets = [];
  var randomPart = function () {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  };
  var widget = function (id) {
    var w = widgets[id];
    if (!w) throw new Error('Invalid captcha widget id: ' + id);
    return w;
  };
  window.grecaptcha = {
    render: function (container, options) {
      if (!container || !options || typeof options.sitekey !== 'string' || options.sitekey === '') {
        throw new Error('Missing required parameters: sitekey');
      }
      var id = widgets.length;
      var label = document.createElement('label');
      label.className = 'fake-captcha';
      label.setAttribute('data-size', options.size === 'compact' ? 'compact' : 'normal');
      var box = document.createElement('input');
      box.type = 'checkbox';
      label.appendChild(box);
      label.appendChild(document.createTextNode(" I'm not a robot"));
      var w = { box: box, label: label, token: '', executed: 0, resets: 0 };
      box.addEventListener('change', function () {
        w.token = box.checked ? '${FAKE_TOKEN_PREFIX}' + randomPart() : '';
      });
      container.appendChild(label);
      widgets.push(w);
      return id;
    },
    execute: function (id) {
      var w = widget(id);
      w.executed += 1;
      w.label.setAttribute('data-executed', String(w.executed));
    },
    getResponse: function (id) {
      return widget(id).token;
    },
    reset: function (id) {
      var w = widget(id);
      w.box.checked = false;
      w.token = '';
      w.resets += 1;
      w.label.setAttribute('data-resets', String(w.resets));
    },
    ready: function (callback) {
      callback();
    }
  };
})();
`;

export function registerCaptcha(app: FastifyInstance): void {
  app.get(FAKE_CAPTCHA_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(FAKE_CAPTCHA_SCRIPT),
  );
}
