import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MergedDocs } from './openapi-source.js';

/** swagger-ui-dist files the page needs; nothing else of that folder is served. */
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>API documentation</title>
    <link rel="stylesheet" href="/api/docs/static/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/static/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/static/swagger-ui-bundle.js"></script>
    <script src="/api/docs/static/init.js"></script>
  </body>
</html>
`;

// A separate file rather than an inline script, so a strict Content-Security-Policy can forbid inline scripts.
const init = `window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/** GET /api/docs (Swagger UI) and GET /api/docs/openapi.json (the merged document). */
export async function docsRoutes(app: FastifyInstance, options: { docs: MergedDocs }): Promise<void> {
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

  app.get('/api/docs', { config: { policy: 'public' } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );

  app.get('/api/docs/openapi.json', { config: { policy: 'public' } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(await options.docs.document()),
  );

  app.get('/api/docs/static/init.js', { config: { policy: 'public' } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(init),
  );

  app.get<{ Params: { file: string } }>(
    '/api/docs/static/:file',
    { config: { policy: 'public' } },
    async (request, reply) => {
      const type = Object.hasOwn(assets, request.params.file) ? assets[request.params.file] : undefined;
      if (type === undefined) return reply.callNotFound();
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(join(assetDir, request.params.file)));
    },
  );
}
