// The site header and footer screen: saves through PUT /api/site-header-footer (spec 001 §7),
// with the crumb header every state-changing call carries.
(function () {
  'use strict';
  var form = document.getElementById('demo-header-footer');
  var status = document.getElementById('demo-header-footer-status');
  if (!form || !status) return;
  var crumb = function () {
    var match = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
    return match ? decodeURIComponent(match[1]) : '';
  };
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    status.textContent = 'Saving…';
    fetch('/api/site-header-footer', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb() },
      body: JSON.stringify({
        header: form.elements.namedItem('header').value,
        footer: form.elements.namedItem('footer').value,
      }),
      credentials: 'same-origin',
    })
      .then(function (response) {
        return response.json().then(function (body) {
          status.textContent = response.ok ? 'Saved' : (body && body.message) || 'Not saved';
        });
      })
      .catch(function () {
        status.textContent = 'Not saved: check your connection';
      });
  });
})();
