/**
 * When the browser is idle: what a page loads after its start (the cart's tab sync, the instalment
 * pill's code, the add flow fetched ahead) waits for it, so it does not compete with the start for
 * the network or the thread.
 */

/**
 * Runs `run` after the current work, when the browser is idle, or 2 s later at the latest.
 * Returns what calls it off.
 */
export const whenIdle = (run: () => void): (() => void) => {
  // Not in every browser (Safari) nor on a server: a timer then.
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 1);
  return () => clearTimeout(timer);
};
