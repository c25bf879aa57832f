import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';

export interface RemotesConfig {
  remotes: Array<{ name: string; entry: string }>;
}

/** What the shell's build writes beside index.html: the remote of each first path segment (`dashboard`). */
export const remoteRoutesFile = 'remote-routes.json';

/**
 * Asked for by the page itself (issue 22): the remotes' configuration (the shell reads it from the meta rather
 * than fetching /remotes.json), the current user, which the shell's first render asks for, and the entry of the
 * remote the route belongs to, so all three travel with the shell's own chunks instead of one after another. The
 * user is a preload, not inlined: the HTML stays the same for everyone and cacheable, and the answer (with its
 * session cookie) is never in anything shared.
 */
function PageHints({ config, remoteEntry }: { config: RemotesConfig; remoteEntry: string | undefined }) {
  return (
    <>
      <meta name="remotes-config" content={JSON.stringify(config)} />
      <link rel="preload" href="/api/auth/user" as="fetch" crossOrigin="use-credentials" />
      {remoteEntry ? <link rel="modulepreload" href={remoteEntry} /> : null}
    </>
  );
}

export interface IndexPage {
  html: string;
  /** Of the page's bytes, so a revalidation (the page is `no-cache`) is a 304 while the deployment stands. */
  etag: string;
}

export interface IndexPages {
  /** index.html for a client route (`dashboard`, `tenant-details/42`: the path without its leading slash). */
  pageFor(path: string): IndexPage;
}

/**
 * The shell's index.html with the hints for each remote's routes (and one for the rest), made once at start:
 * a few pages, the same for every visitor.
 */
export async function loadIndexPages(root: string, config: RemotesConfig): Promise<IndexPages> {
  const html = await readFile(join(root, 'index.html'), 'utf8');
  if (!html.includes('</head>'))
    throw new Error(`${join(root, 'index.html')} has no </head> for the page hints`);
  const remoteOf = await readRemoteRoutes(root);
  const pageWith = (remoteEntry: string | undefined): IndexPage => {
    const hints = renderToStaticMarkup(<PageHints config={config} remoteEntry={remoteEntry} />);
    const page = html.replace('</head>', `${hints}</head>`);
    return { html: page, etag: `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"` };
  };
  const pages = new Map(config.remotes.map((remote) => [remote.name, pageWith(remote.entry)]));
  const plain = pageWith(undefined);
  return {
    pageFor(path) {
      const remote = remoteOf[path.split('/', 1)[0] ?? ''];
      return (remote !== undefined && pages.get(remote)) || plain;
    },
  };
}

/** A build without the file (an older shell) gets no remote hints, only the rest. */
async function readRemoteRoutes(root: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(join(root, remoteRoutesFile), 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}
