// The editor side of the design frame. A page in the frame asks, with
// { type: 'sf:set-frame-url', url }, to move the frame; only messages from the frame's own window
// on this origin, naming a path on this site, are followed. The panels re-theme the frame by
// posting { type: 'sf:set-theme', tokens } to it (docs/page-contract.md#design-frame) and save
// through /api/aesthetics: a PATCH of the dirty paths when the aesthetics_patch_save flag is on,
// a PUT of the whole design otherwise (docs/server.md#the-editor).
(function () {
  'use strict';
  var frame = document.getElementById('demo-design-frame');
  var shown = document.getElementById('demo-frame-url');
  if (!frame || !shown) return;
  // An ordinary link followed inside the frame moves it without a message: the address shown
  // follows the page the frame has loaded (same origin, so its location is readable).
  frame.addEventListener('load', function () {
    var location;
    try {
      location = frame.contentWindow && frame.contentWindow.location;
    } catch (e) {
      return;
    }
    if (!location || location.origin !== window.location.origin) return;
    shown.textContent = location.pathname + location.search + location.hash;
  });

  var form = document.getElementById('demo-design');
  var status = document.getElementById('demo-design-status');
  /** The tokens changed since the page loaded: posted again whenever the frame (re)starts. */
  var live = {};
  /** The aesthetics paths changed since the last save. */
  var dirty = {};

  var post = function (tokens) {
    if (frame.contentWindow)
      frame.contentWindow.postMessage({ type: 'sf:set-theme', tokens: tokens }, window.location.origin);
  };

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
    if (!data) return;
    // The frame listens for themes now (a first load or a reload): it gets the unsaved ones again.
    if (data.type === 'sf:theme-ready') return post(live);
    if (data.type !== 'sf:set-frame-url' || typeof data.url !== 'string') return;
    if (!/^\/(?![/\\])/.test(data.url)) return;
    var target;
    try {
      target = new URL(data.url, window.location.origin);
    } catch (e) {
      return;
    }
    if (target.origin !== window.location.origin) return;
    var path = target.pathname + target.search + target.hash;
    shown.textContent = path;
    frame.setAttribute('src', path);
  });

  if (!form || !status) return;
  var hex = /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
  var readHex = function (value) {
    value = value.trim();
    return hex.test(value) ? '#' + value.replace(/^#/, '').toLowerCase() : null;
  };
  var number = function (input, fallback) {
    var n = Number(input.value);
    return input.value.trim() !== '' && isFinite(n) ? n : fallback;
  };

  /** A panel's saved value and the tokens it sets, from its fields. */
  var read = function (fieldset) {
    var path = fieldset.getAttribute('data-path');
    var fields = fieldset.elements;
    var value = {};
    var tokens = {};
    var i;
    if (path === 'colors.palette') {
      value = [];
      for (i = 0; i < fields.length; i++) {
        var swatch = readHex(fields[i].value);
        if (swatch) value.push(swatch);
      }
      return { path: path, value: value, tokens: tokens };
    }
    if (path === 'animations') {
      // The platform's scroll animation (src/constants.ts scrollAnimation): a duration clamped
      // from 50, 50 being the 300 ms tween; an offset of 30 px by default.
      var enabled = fields.namedItem('enabled').checked;
      var base = Number(form.getAttribute('data-base-duration'));
      var duration = Math.max(
        Number(form.getAttribute('data-min-duration')),
        number(fields.namedItem('duration'), base),
      );
      var offset = number(fields.namedItem('offset'), 30);
      tokens['--sf-theme-animation-duration'] = enabled
        ? Math.round((Number(form.getAttribute('data-tween')) * duration) / base) + 'ms'
        : '';
      tokens['--sf-theme-animation-offset'] = enabled ? offset + 'px' : '';
      return { path: path, value: { enabled: enabled, duration: duration, offset: offset }, tokens: tokens };
    }
    for (i = 0; i < fields.length; i++) {
      var field = fields[i];
      var v = path === 'colors.theme' ? readHex(field.value) : field.value;
      // An empty or unreadable field takes the token back to the site's saved value.
      tokens[field.name] = v || '';
      if (v) value[field.name] = v;
    }
    return { path: path, value: value, tokens: tokens };
  };

  var say = function (text) {
    status.textContent = text;
  };

  var changed = function (event) {
    var fieldset = event.target.closest('fieldset[data-path]');
    if (!fieldset) return;
    var panel = read(fieldset);
    dirty[panel.path] = true;
    for (var name in panel.tokens) live[name] = panel.tokens[name];
    post(panel.tokens);
    say('Unsaved changes');
  };
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);

  var crumb = function () {
    var match = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
    return match ? decodeURIComponent(match[1]) : '';
  };
  var patchOn = function () {
    var flag = form.getAttribute('data-patch-flag');
    var storefront = window.Storefront;
    if (!storefront || !storefront.flags) return Promise.resolve(false);
    return storefront.flags.toggle(flag, false).then(
      function (result) {
        return result.value === true;
      },
      function () {
        return false;
      },
    );
  };

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var all = {};
    var sets = form.querySelectorAll('fieldset[data-path]');
    for (var i = 0; i < sets.length; i++) {
      var panel = read(sets[i]);
      all[panel.path] = panel.value;
    }
    var saving = dirty;
    patchOn()
      .then(function (patch) {
        var changes = {};
        for (var path in saving) changes[path] = all[path];
        say('Saving…');
        return fetch('/api/aesthetics', {
          method: patch ? 'PATCH' : 'PUT',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb() },
          body: JSON.stringify(patch ? { changes: changes } : all),
          credentials: 'same-origin',
        }).then(function (response) {
          return response.json().then(
            function (body) {
              if (response.ok) {
                dirty = {};
                say('Saved');
              } else say((body && body.message) || 'Not saved');
            },
            function () {
              say('Not saved');
            },
          );
        });
      })
      .catch(function () {
        say('Not saved: check your connection');
      });
  });
})();
