import { voidElement } from './html-tags.js';

export interface RemotesConfig {
  remotes: Array<{ name: string; entry: string }>;
}

/** What a route's page asks for beside the shell's own files: its screen's code and its first reads. */
export interface RouteHints {
  /** The route's remote screen's files (its remote's entry first), or the shell's lazily loaded page. */
  code: readonly string[];
  /** The API addresses the screen reads first (the shell's route-reads.json), as the screen asks for them. */
  reads: readonly string[];
}

export const noRouteHints: RouteHints = { code: [], reads: [] };

/**
 * Asked for by the page itself (issue 22): the remotes' configuration (the shell reads it from the meta rather
 * than fetching /remotes.json), the current user, which the shell's first render asks for, the route's first
 * reads and the code of its screen (its remote's entry first), so all of it travels with the shell's own chunks
 * instead of one after another. The user and the reads are preloads, not inlined: the HTML stays the same for
 * everyone and cacheable, and the answers (with the session cookie) are never in anything shared; the screen's
 * own fetch takes the preloaded answer (same address, credentials and mode). None is a script, so the CSP stays
 * `script-src 'self'`.
 */
export function pageHints(config: RemotesConfig, route: RouteHints): string {
  const preload = (href: string) =>
    voidElement('link', { rel: 'preload', href, as: 'fetch', crossorigin: 'use-credentials' });
  const hints = [
    voidElement('meta', { name: 'remotes-config', content: JSON.stringify(config) }),
    preload('/api/auth/user'),
    ...route.reads.map(preload),
    ...route.code.map((href) => voidElement('link', { rel: 'modulepreload', href })),
  ];
  return hints.join('');
}

/** The shell's page with the hints at the end of its head; a page without a head cannot take them. */
export function withHints(html: string, hints: string): string {
  const end = html.indexOf('</head>');
  if (end === -1) throw new Error('index.html has no </head> for the page hints');
  return `${html.slice(0, end)}${hints}${html.slice(end)}`;
}
