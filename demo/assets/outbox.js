// The owner's outbox on the restock page: fetched again after a send (sf:restock-sent) or a
// sign-in or sign-out (sf:account-change), so it never shows another session's mail or misses a
// send until a reload. Built with DOM calls and textContent: customer data never becomes markup.
(function () {
  'use strict';
  var box = document.getElementById('demo-outbox');
  if (!box) return;
  var url = box.getAttribute('data-demo-outbox');
  if (!url) return;
  var asked = 0;

  function el(name, text) {
    var node = document.createElement(name);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(items) {
    var nodes = [];
    if (items) {
      nodes.push(el('h2', 'Outbox'));
      if (items.length === 0) {
        nodes.push(el('p', 'No notification has been sent yet.'));
      } else {
        // A wide table scrolls inside its own labelled region, never the page.
        var scroll = el('div');
        scroll.className = 'demo-scroll';
        scroll.setAttribute('role', 'region');
        scroll.setAttribute('aria-labelledby', 'demo-outbox-caption');
        scroll.setAttribute('tabindex', '0');
        var table = scroll.appendChild(el('table'));
        table.className = 'demo-summary';
        table.appendChild(el('caption', 'Sent notifications, newest first')).id = 'demo-outbox-caption';
        var head = el('tr');
        ['To', 'Product', 'Variant', 'Sent', 'Mail'].forEach(function (name) {
          var th = el('th', name);
          th.setAttribute('scope', 'col');
          head.appendChild(th);
        });
        table.appendChild(el('thead')).appendChild(head);
        var body = table.appendChild(el('tbody'));
        items.forEach(function (item) {
          var row = body.appendChild(el('tr'));
          [item.email, item.product, item.variant, item.sent].forEach(function (value) {
            row.appendChild(el('td', String(value)));
          });
          var mail = row.appendChild(el('td'));
          var link = typeof item.confirmLink === 'string' ? item.confirmLink : '';
          if (/^\/(?![/\\])/.test(link)) {
            var a = mail.appendChild(el('a', 'Confirm the sign-up'));
            a.setAttribute('href', link);
          } else {
            mail.textContent = 'Back in stock';
          }
        });
        nodes.push(scroll);
      }
    }
    box.replaceChildren.apply(box, nodes);
  }

  function refresh() {
    var mine = ++asked;
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        // Only the newest answer counts: an older one may belong to the previous session.
        if (mine !== asked) return;
        show(data && Array.isArray(data.items) ? data.items : null);
      })
      .catch(function () {
        // Offline: the outbox keeps what it showed; the restock tools say what failed.
      });
  }

  document.addEventListener('sf:restock-sent', refresh);
  document.addEventListener('sf:account-change', refresh);
})();
