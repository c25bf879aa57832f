/**
 * The path of the app's own link under `target`, or null: another origin, a download, a link opening elsewhere,
 * or a page the gateway serves itself (/api/login) is nothing the shell could start ahead.
 */
export function linkPath(
  target: EventTarget | null,
  location: Pick<Location, 'href' | 'origin'>,
): string | null {
  if (!(target instanceof Element)) return null;
  const anchor = target.closest('a[href]');
  if (!anchor || anchor.hasAttribute('download') || (anchor.getAttribute('target') ?? '_self') !== '_self')
    return null;
  const url = new URL(anchor.getAttribute('href') ?? '', location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return null;
  return url.pathname;
}

/**
 * Calls `onIntent` with the path of a link of the app the pointer moves onto or the keyboard focuses, once per
 * path: the moment a user shows where they may go next, some hundred milliseconds before the click.
 */
export function onLinkIntent(document: Document, onIntent: (pathname: string) => void): () => void {
  const seen = new Set<string>();
  const listener = (event: Event) => {
    const pathname = linkPath(event.target, document.location);
    if (pathname === null || seen.has(pathname)) return;
    seen.add(pathname);
    onIntent(pathname);
  };
  document.addEventListener('pointerover', listener, { passive: true });
  document.addEventListener('focusin', listener);
  return () => {
    document.removeEventListener('pointerover', listener);
    document.removeEventListener('focusin', listener);
  };
}
