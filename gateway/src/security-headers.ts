import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { clientProtocol } from './request-origin.js';

/** The card provider's hosts (Stripe.js and its frames), per Stripe's Content-Security-Policy guidance. */
const stripe = {
  script: 'https://js.stripe.com',
  api: 'https://api.stripe.com',
  hooks: 'https://hooks.stripe.com',
};

/**
 * Our own origin only, plus what the card form needs. No inline scripts or styles; images may be data: URIs
 * (icons). No site may frame the app (clickjacking), and forms post only here.
 */
export const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", stripe.script],
    frameSrc: [stripe.script, stripe.hooks],
    connectSrc: ["'self'", stripe.api],
    imgSrc: ["'self'", 'data:'],
    styleSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
} as const;

const helmetOptions = {
  contentSecurityPolicy,
  // Per request below: only meaningful, and only honoured by browsers, over https.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'same-origin' },
  xFrameOptions: { action: 'deny' },
  // Card payments may open the bank's 3-D Secure page in a popup that must be able to report back.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
} satisfies FastifyHelmetOptions;

const hsts = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response of the gateway, the proxied ones included. @fastify/helmet sets them as a
 * request starts; a service's own header wins over ours, since Fastify writes reply headers (the upstream's)
 * over raw ones (helmet's): identity's sign-in page keeps its stricter CSP. The onSend net covers the answers
 * of requests refused by an earlier onRequest hook (service-kit's token check), which helmet's hook never saw.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { trustProxy: boolean },
): Promise<void> {
  await app.register(fastifyHelmet, { global: true, ...helmetOptions });
  const fallback = helmet(helmetOptions);

  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.raw.hasHeader('x-content-type-options') && !reply.hasHeader('x-content-type-options')) {
      fallback(request.raw, reply.raw, () => undefined);
    }
    if (
      clientProtocol(request, options.trustProxy) === 'https' &&
      !reply.hasHeader('strict-transport-security')
    ) {
      reply.header('strict-transport-security', hsts);
    }
    return payload;
  });
}
