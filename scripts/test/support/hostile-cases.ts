import { randomUUID } from 'node:crypto';
import { exampleOf, stringFields, withField, type JsonSchema } from './schema-examples.js';

/** Who may call an operation: the `x-access` every service writes into its OpenAPI operations. */
export type Access = 'public' | 'signed-in' | 'admin';

/** One write operation of the gateway's merged OpenAPI document. */
export interface WriteOperation {
  method: string;
  /** The document's path template, e.g. `/api/admin/products/{id}`. */
  template: string;
  access: Access;
  pathParams: string[];
  body?: { contentType: string; schema: JsonSchema };
}

/** One hostile request and what its answer must be. */
export interface HostileCase {
  name: string;
  operation: WriteOperation;
  /** Path as sent, percent-encoding and all. */
  path: string;
  body?: { contentType: string; text: string };
  /**
   * `unstorable`: a 400 problem whose `errors` name `field`. `refused`: any 4xx problem; from a form route of the
   * sign-in pages also the page itself with its message (identity answers a hand-edited form so, by design).
   */
  expect: { kind: 'unstorable'; field: string } | { kind: 'refused' };
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | unknown>>;
}

interface OpenApiOperation {
  'x-access'?: Access;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const writeMethods = ['post', 'put', 'patch', 'delete'];
const formType = 'application/x-www-form-urlencoded';

/** Every POST, PUT, PATCH and DELETE of the document: a route added to any service is here without an edit. */
export function writeOperationsOf(document: OpenApiDocument): WriteOperation[] {
  const operations: WriteOperation[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const method of writeMethods) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (operation === undefined) continue;
      const access = operation['x-access'];
      if (access === undefined)
        throw new Error(`${method} ${template} does not say who may call it (x-access)`);
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        template,
        access,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        ...(contentType === undefined ? {} : { body: { contentType, schema: media?.schema ?? {} } }),
      });
    }
  }
  return operations;
}

/** Text PostgreSQL cannot store (isStorableText), as JSON carries it: a JSON body escapes each one as `\uXXXX`. */
const unstorableTexts: Record<string, string> = {
  'a NUL': 'bad\u0000text',
  'a NUL alone': '\u0000',
  'a high surrogate alone': '\ud800',
  'a low surrogate alone': '\udc00',
  'a reversed surrogate pair': '\udc00\ud800',
  'a high surrogate at the end': 'text\ud83d',
};

/** Longer than any field of the API takes, and well within the body limit. */
const overlongText = 'x'.repeat(20_000);

/** Path segments as a client can send them; a lone surrogate reaches a URL only as its UTF-8-like bytes. */
const hostileSegments: Record<string, string> = {
  'a NUL': 'bad%00id',
  'a high surrogate': '%ED%A0%80',
  'a low surrogate': '%ED%B0%80',
  'a reversed surrogate pair': '%ED%B0%80%ED%A0%80',
  'an invalid UTF-8 byte': '%FF',
  'a truncated escape': '%E0%A4%A',
  'an overlong segment (5 KB)': 'a'.repeat(5_000),
};

/** Every hostile request for one operation: each string field of its body, then each path parameter. */
export function hostileCasesOf(operation: WriteOperation): HostileCase[] {
  const cases: HostileCase[] = [];
  const example = operation.body === undefined ? undefined : exampleOf(operation.body.schema);
  const fillPath = (hostile?: { param: string; segment: string }) =>
    operation.template.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      name === hostile?.param ? hostile.segment : randomUUID(),
    );
  const label = `${operation.method} ${operation.template}`;

  for (const field of operation.body === undefined ? [] : stringFields(operation.body.schema)) {
    const { contentType } = operation.body as { contentType: string };
    const named = field.join('.');
    for (const [what, text] of Object.entries(unstorableTexts)) {
      cases.push({
        name: `${label}: ${what} in ${named}`,
        operation,
        path: fillPath(),
        body: { contentType, text: encodeBody(contentType, withField(example, field, text)) },
        expect: { kind: 'unstorable', field: named },
      });
    }
    cases.push({
      name: `${label}: 20,000 characters in ${named}`,
      operation,
      path: fillPath(),
      body: { contentType, text: encodeBody(contentType, withField(example, field, overlongText)) },
      expect: { kind: 'refused' },
    });
  }

  for (const param of operation.pathParams) {
    for (const [what, segment] of Object.entries(hostileSegments)) {
      cases.push({
        name: `${label}: ${what} in the path parameter ${param}`,
        operation,
        path: fillPath({ param, segment }),
        ...(operation.body === undefined
          ? {}
          : {
              body: {
                contentType: operation.body.contentType,
                text: encodeBody(operation.body.contentType, example),
              },
            }),
        expect: { kind: 'refused' },
      });
    }
  }
  return cases;
}

/** The request body as a client sends it. */
function encodeBody(contentType: string, value: unknown): string {
  if (contentType !== formType) return JSON.stringify(value);
  const fields = Object.entries((value ?? {}) as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return fields.map(([name, text]) => `${encodeFormText(name)}=${encodeFormText(text)}`).join('&');
}

/**
 * Form encoding (WHATWG URL standard) of any JS string, lone surrogates included: a browser would turn those into
 * U+FFFD, a hostile client sends their three UTF-8-like bytes (WTF-8), which is what is sent here.
 */
function encodeFormText(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}
