// Loaded before the loader: records what reaches the page's own error events and the SDK's
// sf:error events, and when <html> got data-sf-ready, where a browser test can read them.
window.__pageErrors = [];
window.__sfErrors = [];
window.addEventListener('error', (event) => {
  window.__pageErrors.push(`error: ${event.message}`);
});
window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason;
  window.__pageErrors.push(
    `unhandledrejection: ${reason && reason.message ? reason.message : String(reason)}`,
  );
});
document.addEventListener('sf:error', (event) => {
  window.__sfErrors.push(event.detail);
});
