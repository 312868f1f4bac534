// The editor side of the design frame: it sets the frame address when the page asks.
window.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'sf:set-frame-url' || typeof data.url !== 'string') return;
  document.getElementById('frame-url').textContent = data.url;
});
