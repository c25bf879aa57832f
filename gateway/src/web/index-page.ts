import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { noRouteHints, pageHints, withHints, type RemotesConfig, type RouteHints } from './page-hints.js';

/** What the shell's build writes beside index.html: the remote and screens of each first path segment. */
export const remoteRoutesFile = 'remote-routes.json';
/** What each remote's build writes beside its remoteEntry.js: the files each screen loads (scripts/web). */
export const screenChunksFile = 'screen-chunks.json';
/** What the shell's build writes beside index.html: its own lazily loaded files each segment needs. */
export const shellChunksFile = 'shell-chunks.json';
/** What the shell's build writes beside index.html: the API addresses each segment's screen reads first. */
export const routeReadsFile = 'route-reads.json';

export interface HintedRemote {
  /** The federation name (`mfe_admin`), as remote-routes.json names it. */
  name: string;
  /** Where the gateway serves it (`/remotes/mfe-admin/`). */
  base: string;
  root: string;
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

const remoteRoutesSchema = z.record(
  z.string(),
  z.object({ remote: z.string(), screens: z.array(z.string()) }),
);
// A path inside the remote's folder: what the build wrote, nothing that climbs out of it.
const builtFile = z.string().regex(/^(?!.*\.\.)[\w./-]+$/);
const filesByName = z.record(z.string(), z.array(builtFile));
// A same-origin API address with its query: nothing that leaves /api/ or the origin.
const apiAddress = z.string().regex(/^\/api\/(?!.*\.\.)[\w./?=&%-]*$/);
const addressesByName = z.record(z.string(), z.array(apiAddress));

/**
 * The shell's index.html with the hints for each first path segment whose first screen loads code of its own
 * (the shell's lazily loaded pages, a remote's screen) or starts reads, and one page for the rest, made once at
 * start: a few pages, the same for every visitor.
 */
export async function loadIndexPages(
  root: string,
  config: RemotesConfig,
  remotes: readonly HintedRemote[],
): Promise<IndexPages> {
  const html = await readFile(join(root, 'index.html'), 'utf8');
  const pageWith = (route: RouteHints): IndexPage => {
    const page = withHints(html, pageHints(config, route));
    return { html: page, etag: `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"` };
  };
  const filesByRemote = new Map(
    await Promise.all(remotes.map(async (remote) => [remote.name, await screenFiles(remote)] as const)),
  );
  const shellFiles = await readJson(root, shellChunksFile, filesByName);
  const code = new Map(shellFiles.map(([segment, files]) => [segment, files.map((file) => `/${file}`)]));
  for (const [segment, { remote, screens }] of await readJson(root, remoteRoutesFile, remoteRoutesSchema)) {
    const files = filesByRemote.get(remote);
    if (files) code.set(segment, [...new Set([...(code.get(segment) ?? []), ...screens.flatMap(files)])]);
  }
  const reads = new Map(await readJson(root, routeReadsFile, addressesByName));
  const segments = new Set([...code.keys(), ...reads.keys()]);
  const pages = new Map(
    [...segments].map((segment) => [
      segment,
      pageWith({ code: code.get(segment) ?? [], reads: reads.get(segment) ?? [] }),
    ]),
  );
  const plain = pageWith(noRouteHints);
  return { pageFor: (path) => pages.get(path.split('/', 1)[0] ?? '') ?? plain };
}

/**
 * A screen's files as URLs, its remote's entry first; a remote built without screen-chunks.json (or a screen it
 * does not list) gets its entry hinted alone.
 */
async function screenFiles(remote: HintedRemote): Promise<(screen: string) => string[]> {
  const chunks = await readJson(remote.root, screenChunksFile, filesByName);
  const entry = `${remote.base}remoteEntry.js`;
  const byScreen = new Map(chunks);
  return (screen) => [
    entry,
    ...(byScreen.get(screen) ?? []).map((file) => `${remote.base}${file}`).filter((url) => url !== entry),
  ];
}

/** A build file's entries; a build without the file (an older one) has none, a malformed one fails the start. */
async function readJson<T>(
  folder: string,
  file: string,
  schema: z.ZodType<Record<string, T>>,
): Promise<Array<[string, T]>> {
  let text: string;
  try {
    text = await readFile(join(folder, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Object.entries(schema.parse(JSON.parse(text)));
}
