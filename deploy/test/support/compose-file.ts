import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The checkout's root, where docker-compose.yml, the Dockerfile and .env.example live. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function readRepoFile(path: string): string {
  return readFileSync(join(repoRoot, path), 'utf8');
}

export interface Healthcheck {
  test?: string[] | string;
  disable?: boolean;
}

export interface ComposeService {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: Healthcheck;
  depends_on?: Record<string, { condition: string }>;
  read_only?: boolean;
  tmpfs?: string[];
  security_opt?: string[];
  user?: string;
  volumes?: string[];
  ports?: string[];
  /** Started only with `--profile <name>` (the dev profile's mail catcher). */
  profiles?: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** The compose file as written, with YAML merge keys (`<<`) resolved as Compose resolves them. */
export function parseComposeText(text: string): unknown {
  return parse(text, { merge: true });
}

const reference = /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g;

/** Every variable the compose file reads from the environment or .env, with how it treats a missing value. */
export function interpolatedVariables(text: string): Map<string, 'required' | 'defaulted'> {
  const found = new Map<string, 'required' | 'defaulted'>();
  for (const [, name, operator] of text.matchAll(reference)) {
    if (name === undefined) continue;
    const kind = operator?.endsWith('?') ? 'required' : 'defaulted';
    if (found.get(name) !== 'required') found.set(name, kind);
  }
  return found;
}

/**
 * Compose's interpolation of `${VAR}`, `${VAR:-default}`, `${VAR-default}` and `${VAR:?error}`: a required
 * variable that is unset throws with the file's own message, as `docker compose config` would.
 */
export function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(reference, (_match, name: string, operator: string | undefined, word: string = '') => {
    const value = env[name];
    if (operator === ':?' && (value === undefined || value === '')) throw new Error(`${name}: ${word}`);
    if (operator === '?' && value === undefined) throw new Error(`${name}: ${word}`);
    if (operator === ':-') return value === undefined || value === '' ? word : value;
    if (operator === '-') return value ?? word;
    return value ?? '';
  });
}

/** `.env.example` as KEY=value pairs (comments and blank lines left out). */
export function parseEnvFile(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) entries[match[1]] = match[2] ?? '';
  }
  return entries;
}

/**
 * The compose file interpolated with `env`, as the containers would see it. Compose parses the YAML first and
 * interpolates each string after, so `KEY: ${UNSET:-}` is an empty string, not YAML's null.
 */
export function loadCompose(env: Record<string, string>): ComposeFile {
  return interpolateValues(parseComposeText(readRepoFile('docker-compose.yml')), env) as ComposeFile;
}

function interpolateValues(node: unknown, env: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateValues(item, env));
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateValues(value, env)]),
    );
  }
  return node;
}

/**
 * The Compose Specification's JSON schema (compose-spec's schema/compose-spec.json) as the dclint package ships
 * it. Its `$schema` names draft-07 by an https address Ajv does not register, so it is returned apart.
 */
export function composeSpecSchema(): { draft: string; schema: Record<string, unknown> } {
  const packageJson = createRequire(import.meta.url).resolve('dclint/package.json');
  const file = join(dirname(packageJson), 'schemas/compose.schema.json');
  const { $schema: draft, ...schema } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return { draft: String(draft), schema };
}
