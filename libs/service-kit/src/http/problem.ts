import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FieldProblem } from '@app/domain';

/** RFC 9457 problem body, as every 4xx/5xx of every service answers (ARCHITECTURE.md "Errors"). */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  /** The human sentence; the front end shows it as the toast description. */
  detail: string;
  instance: string;
  requestId: string;
  errors?: FieldProblem[];
}

/** For routes that document their error responses in OpenAPI. */
export const problemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  requestId: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const problemContentType = 'application/problem+json';

/** Problem types are URNs: stable identifiers clients may switch on, not pages to fetch. */
export function problemType(slug: string): string {
  return `urn:problem:${slug}`;
}

/**
 * The type of a problem nobody named more precisely: its status in words (`urn:problem:method-not-allowed`), so
 * every problem has a type a client can switch on, never RFC 9457's bare `about:blank`.
 */
export function statusProblemType(status: number): string {
  const words = STATUS_CODES[status] ?? 'error';
  return problemType(
    words
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
  );
}

/**
 * An HTTP-level refusal that is not a domain rule, such as 401/403 or a bad header. Throw it from hooks or
 * handlers; the error handler turns it into a problem body with this status and detail.
 */
export class HttpProblem extends Error {
  readonly status: number;
  readonly type: string;
  readonly errors: FieldProblem[] | undefined;

  constructor(status: number, detail: string, options: { type?: string; errors?: FieldProblem[] } = {}) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = status;
    this.type = options.type ?? statusProblemType(status);
    this.errors = options.errors;
  }
}

export interface ProblemInit {
  status: number;
  detail: string;
  type?: string;
  errors?: FieldProblem[];
}

/** URLs longer than this are cut where an answer repeats them, so a hostile URL is not echoed back whole. */
export const maxEchoedUrlLength = 512;

/** The request URL as an answer may repeat it: cut after `maxEchoedUrlLength` characters, marked with `…`. */
export function echoedUrl(url: string): string {
  return url.length > maxEchoedUrlLength ? `${url.slice(0, maxEchoedUrlLength)}…` : url;
}

export function buildProblem(request: FastifyRequest, init: ProblemInit): ProblemDetails {
  return {
    type: init.type ?? statusProblemType(init.status),
    title: STATUS_CODES[init.status] ?? 'Error',
    status: init.status,
    detail: init.detail,
    instance: echoedUrl(request.url),
    requestId: request.id,
    ...(init.errors === undefined ? {} : { errors: init.errors }),
  };
}

/**
 * Sends the body already serialized, so a route's own response schema for that status can never reject it and
 * turn a 4xx into a 500.
 */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, init: ProblemInit): FastifyReply {
  const problem = buildProblem(request, init);
  return reply.code(problem.status).type(problemContentType).send(JSON.stringify(problem));
}
