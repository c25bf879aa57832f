import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { loadIndexPages } from './index-page.js';
import { cacheControlFor, isClientRoute, revalidate } from './web-assets.js';

export interface WebRemote {
  /** Folder-style name (`mfe-admin`); the federation name is the same with underscores (`mfe_admin`). */
  name: string;
  root: string;
}

export interface WebOptions {
  /** The built shell. */
  root: string;
  remotes: WebRemote[];
}

const publicRoute = { config: { policy: 'public' } } as const;

/**
 * The built front end, in the embedded default (ARCHITECTURE.md "Gateway"): the shell at `/` with SPA fallback,
 * each remote at /remotes/<name>/, and /remotes.json, the runtime configuration the shell registers its remotes
 * from (also carried in index.html, with the page's preloads: index-page.ts). Registered in a scope of its own,
 * with the compression settings of files (the default, best levels); proxied answers have their own, cheaper
 * ones (proxy.ts).
 */
export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  await app.register(compress, { encodings: ['br', 'gzip'] });
  // serve: false: the routes below serve the files, each with the access policy service-kit requires.
  // preCompressed: the builds write <file>.br and <file>.gz at their best levels (scripts/web/precompress.ts);
  // a browser that accepts one gets it as it is, and compress leaves an encoded answer alone.
  await app.register(fastifyStatic, { root: options.root, serve: false, preCompressed: true });

  const remotes = options.remotes.map((remote) => ({
    name: remote.name.replaceAll('-', '_'),
    base: `/remotes/${remote.name}/`,
    root: remote.root,
  }));
  const remotesConfig = {
    remotes: remotes.map((remote) => ({ name: remote.name, entry: `${remote.base}remoteEntry.js` })),
  };
  const indexPages = await loadIndexPages(options.root, remotesConfig, remotes);
  app.get('/remotes.json', publicRoute, async (_request, reply) =>
    reply.header('cache-control', revalidate).send(remotesConfig),
  );

  for (const remote of options.remotes) {
    app.get<{ Params: { '*': string } }>(`/remotes/${remote.name}/*`, publicRoute, async (request, reply) =>
      sendStatic(reply, request.params['*'], remote.root),
    );
  }

  app.get<{ Params: { '*': string } }>('/*', publicRoute, async (request, reply) => {
    const path = request.params['*'];
    if (path === '' || isClientRoute(path, request.headers.accept)) {
      const page = indexPages.pageFor(path);
      reply.header('cache-control', revalidate).header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(page.html);
    }
    return sendStatic(reply, path, options.root);
  });
}

/**
 * A file of a build; @fastify/static answers 404 for a missing one and refuses paths outside the root. The answer
 * depends on Accept-Encoding (a precompressed copy or not), which a cache in between must know.
 */
function sendStatic(reply: FastifyReply, path: string, root: string): FastifyReply {
  return reply
    .header('cache-control', cacheControlFor(path))
    .header('vary', 'accept-encoding')
    .sendFile(path, root, { cacheControl: false });
}
