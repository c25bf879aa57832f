/** How long an idle callback may wait on a page that is never idle: the work is only ahead of time, not skipped. */
const idleTimeoutMs = 2_000;

/**
 * Runs `work` once the page has loaded and painted and the browser is idle, so nothing started ahead competes
 * with what the current screen still loads. Returns a cancel.
 */
export function whenIdle(work: () => void): () => void {
  let cancel = () => undefined as void;
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => work(), { timeout: idleTimeoutMs });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(work, 0);
      cancel = () => clearTimeout(handle);
    }
  };
  const painted = () => {
    const frame = requestAnimationFrame(idle);
    cancel = () => cancelAnimationFrame(frame);
  };
  if (document.readyState === 'complete') painted();
  else {
    window.addEventListener('load', painted, { once: true });
    cancel = () => window.removeEventListener('load', painted);
  }
  return () => cancel();
}
