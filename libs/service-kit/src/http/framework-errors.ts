import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestIdHeader } from '../logging/request-id.js';
import { mapError } from './error-mapping.js';
import { HttpProblem, problemContentType, problemType, sendProblem } from './problem.js';

/**
 * The answers Fastify and Node would otherwise write themselves, in their own `{statusCode, error, message}`
 * shape and echoing the URL: a path a router cannot decode, a path segment over the router's length limit, a
 * request that is not valid HTTP, and a request that arrives while the server closes. Each becomes a problem
 * document like every other error (ARCHITECTURE.md "Errors"), and none echoes what the client sent.
 */

/** The longest path segment (route param) the router matches; longer ones answer 414. UUIDs are 36. */
export const maxParamLength = 100;

/** Fastify's `frameworkErrors` option: the router's own refusals, before any hook has run. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header(requestIdHeader, request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    request.log.info({ status: 400 }, 'Request URL malformed');
    sendProblem(request, reply, {
      status: 400,
      type: problemType('malformed-url'),
      detail: 'The request URL is malformed.',
    });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.info({ status: 414 }, 'Request path segment too long');
    sendProblem(request, reply, {
      status: 414,
      type: problemType('uri-too-long'),
      detail: `A segment of the request path is longer than ${maxParamLength} characters.`,
    });
    return;
  }
  const mapped = mapError(error);
  request.log.error({ err: error, status: mapped.status }, 'Request failed');
  sendProblem(request, reply, mapped);
}

const clientErrors: Record<string, { status: number; slug: string; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    slug: 'request-timeout',
    detail: 'The request did not arrive in time.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    slug: 'headers-too-large',
    detail: 'The request line and headers are too large.',
  },
};

const malformedRequest = { status: 400, slug: 'malformed-request', detail: 'The request is not valid HTTP.' };

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the request before there was one, so the
 * problem has no instance or request id. Written straight to the socket, which is then closed, as Node does.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code === undefined ? undefined : clientErrors[error.code]) ?? malformedRequest;
  this.log.debug({ err: error, status: known.status }, 'Client error');
  if (socket.writable) {
    const body = JSON.stringify({
      type: problemType(known.slug),
      title: STATUS_CODES[known.status] ?? 'Error',
      status: known.status,
      detail: known.detail,
    });
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? 'Error'}\r\n` +
        `Content-Type: ${problemContentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Requests that reach a closing server are refused with a 503 problem (instead of Fastify's own 503 body, so
 * create the app with `return503OnClosing: false`): the load balancer or the gateway sends them elsewhere.
 */
export function registerClosingRefusal(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    request.log.info({ status: 503 }, 'Request refused while closing');
    throw new HttpProblem(503, 'The service is shutting down. Please try again.', {
      type: problemType('service-unavailable'),
    });
  });
}
