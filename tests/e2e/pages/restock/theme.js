// A theme's own variant picker announcing its choice as the product form does (sf:variant-change).
(function () {
  var variants = JSON.parse(document.getElementById('theme-variants').textContent);
  var select = document.getElementById('theme-variant');
  select.addEventListener('change', function () {
    var chosen = null;
    for (var i = 0; i < variants.length; i += 1) if (variants[i].id === select.value) chosen = variants[i];
    select.dispatchEvent(
      new CustomEvent('sf:variant-change', {
        bubbles: true,
        detail: { itemId: 'e2e-tee', variant: chosen, quantity: 1 },
      }),
    );
  });
})();
