// The editor side of the design frame. A page in the frame asks, with
// { type: 'sf:set-frame-url', url }, to move the frame; only messages from the frame's own window
// on this origin, naming a path on this site, are followed.
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
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
    if (!data || data.type !== 'sf:set-frame-url' || typeof data.url !== 'string') return;
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
})();
