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
} satisfies Parameters<typeof helmet>[0];

const hsts = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet would set, worked out once: they do not depend on the request, and building them per
 * request (parsing the CSP directives each time) cost a few percent of the gateway's CPU.
 */
export function securityHeaders(): ReadonlyArray<[string, string]> {
  const headers: Array<[string, string]> = [];
  const response = {
    setHeader: (name: string, value: unknown) => void headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  helmet(helmetOptions)({} as never, response as never, () => undefined);
  return headers;
}

/**
 * Security headers on every response of the gateway, proxied or its own, refused early or not. A header the
 * service already set wins over ours: identity's sign-in page keeps its stricter CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { trustProxy: boolean }): void {
  const headers = securityHeaders();
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
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
