import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import { DomainError, ValidationError } from '@app/domain';
// The subpath, not the package: an HTTP app's error mapping should not load the event store clients.
import { isStorageUnavailable } from '@app/eventing/storage-unavailable';
import { HttpProblem, problemType, type ProblemInit } from './problem.js';

export interface MappedError extends ProblemInit {
  /** false for failures nobody planned for: logged at error with the stack, detail kept generic. */
  expected: boolean;
  /** Sent as Retry-After: when a retry has a fair chance. */
  retryAfterSeconds?: number;
}

const unexpectedDetail = 'An unexpected error occurred. Please try again later.';

const domainStatus: Record<DomainError['kind'], number> = {
  validation: 400,
  'not-found': 404,
  conflict: 409,
  'illegal-state': 409,
  concurrency: 409,
  'precondition-failed': 412,
  // 413, not 422: the request is valid and allowed, only larger than the event store records in one append; the
  // remedy is the one 413 means (send less), and it matches Fastify's own 413 for a body over its limit.
  'too-large': 413,
};

/** Fastify's own client errors that deserve a plainer sentence than the framework's message. */
const fastifyClientErrors: Record<string, { status: number; slug: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    slug: 'malformed-body',
    detail: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    slug: 'malformed-body',
    detail: 'The request body is empty but declared as JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    slug: 'body-too-large',
    detail: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    slug: 'unsupported-media-type',
    detail: 'The request body has an unsupported content type.',
  },
};

/** The one place where an error becomes an HTTP status and problem body (STYLE.md "Domain"). */
export function mapError(error: unknown): MappedError {
  if (error instanceof DomainError) return fromDomainError(error);
  // The database is restarting, or every connection stayed busy past the acquisition timeout: not the
  // request's fault, and a retry a moment later will likely succeed.
  if (isStorageUnavailable(error)) {
    return {
      status: 503,
      detail: 'The service is briefly unavailable. Please try again in a moment.',
      type: problemType('service-unavailable'),
      expected: true,
      retryAfterSeconds: 1,
    };
  }
  if (error instanceof HttpProblem) {
    return {
      status: error.status,
      detail: error.message,
      type: error.type,
      errors: error.errors,
      expected: true,
    };
  }
  if (!isFastifyError(error)) return unexpected(500);

  // Request schema failures: fastify-type-provider-zod's issues arrive here in Fastify's validation shape.
  if (Array.isArray(error.validation))
    return requestValidation(error.validation, error.validationContext ?? 'body');
  const known = error.code === undefined ? undefined : fastifyClientErrors[error.code];
  if (known !== undefined)
    return { status: known.status, detail: known.detail, type: problemType(known.slug), expected: true };
  if (error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, detail: error.message, expected: true };
  }
  return unexpected(error.statusCode >= 500 && error.statusCode < 600 ? error.statusCode : 500);
}

function requestValidation(issues: FastifySchemaValidationError[], context: string): MappedError {
  const errors = issues.map((issue) => ({
    path: fieldPath(issue.instancePath, context),
    message: issue.message ?? 'Invalid value',
  }));
  // The first message becomes `detail`, so a schema's own wording ("Product name is required") reaches the toast.
  const detail = errors[0]?.message ?? 'The request is invalid.';
  return { status: 400, detail, type: problemType('validation'), errors, expected: true };
}

function fromDomainError(error: DomainError): MappedError {
  const status = domainStatus[error.kind];
  const type = problemType(error.kind);
  if (error instanceof ValidationError)
    return { status, detail: error.message, type, errors: error.errors, expected: true };
  // A concurrency message names streams and revisions: useful in logs, meaningless to a user.
  const detail =
    error.kind === 'concurrency'
      ? 'Someone else changed this at the same time. Please reload and try again.'
      : error.message;
  return { status, detail, type, expected: true };
}

function unexpected(status: number): MappedError {
  return { status, detail: unexpectedDetail, type: problemType('internal'), expected: false };
}

function isFastifyError(error: unknown): error is FastifyError & { statusCode: number } {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/** `/items/0/name` → `items.0.name`; a problem with the whole body or query is reported under its context. */
function fieldPath(instancePath: string, context: string): string {
  const path = instancePath.split('/').filter(Boolean).join('.');
  return path === '' ? context : path;
}
