import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRepoFile, repoRoot } from './support/compose-file.js';
import { dockerfileStages, finalUser, instructionsOf } from './support/dockerfile.js';

const stages = dockerfileStages();
const final = stages.at(-1)!;
const deployables = [
  'catalog',
  'identity',
  'tenancy',
  'billing',
  'monitoring',
  'notifications',
  'audit',
  'gateway',
  'demo-tenant-app',
];

describe('Dockerfile', () => {
  it('builds every stage from node:22-slim or from its own stages', () => {
    const names = new Set(stages.map((stage) => stage.name));
    const bases = stages.filter((stage) => !names.has(stage.from) && stage.from !== 'app-${APP}');
    expect(bases.map((stage) => stage.from)).toEqual(bases.map(() => 'node:22-slim'));
    expect(bases.length).toBeGreaterThan(1);
  });

  it('is multi-stage: npm ci and npm run build in a build stage, only the traced file set in the image', () => {
    const build = stages.find((stage) => stage.name === 'build')!;
    expect(instructionsOf(build, 'RUN').join(' ')).toMatch(/npm ci\b.*npm run build/);
    const assemble = stages.find((stage) => stage.name === 'assemble')!;
    expect(assemble.from).toBe('build');
    expect(instructionsOf(assemble, 'RUN')).toEqual(['node scripts/assemble-runtime.mjs "$APP" /out']);
    expect(final.from).toBe('app-${APP}');
    expect(instructionsOf(final, 'COPY')).toEqual(['/out/ /app/']);
    const copies = stages
      .filter((stage) => stage !== final)
      .flatMap((stage) => instructionsOf(stage, 'COPY'));
    expect(copies).toEqual(['. .']);
  });

  it('has a stage for every deployable, running in the folder its package builds into and exposing its port', () => {
    for (const app of deployables) {
      const stage = stages.find((candidate) => candidate.name === `app-${app}`);
      expect(stage, app).toBeDefined();
      expect(stage!.from).toBe('runtime');
      const [workdir] = instructionsOf(stage!, 'WORKDIR');
      const folder = workdir!.replace(/^\/app\//, '');
      const manifest = JSON.parse(readRepoFile(`${folder}/package.json`)) as { scripts: { build: string } };
      // An event-sourced service's entries (dist/server.cjs among them) come from its descriptor.
      expect(manifest.scripts.build, folder).toMatch(/build-service\.mjs (src\/server\.ts|--service)/);
      expect(instructionsOf(stage!, 'EXPOSE')).toHaveLength(1);
    }
  });

  it('tells the gateway where its file set keeps the built front end', () => {
    const gateway = stages.find((stage) => stage.name === 'app-gateway')!;
    for (const app of ['shell', 'mfe-customer', 'mfe-admin']) {
      expect(existsSync(join(repoRoot, app, 'vite.config.ts')), app).toBe(true);
    }
    const env = instructionsOf(gateway, 'ENV').join(' ');
    expect(env).toContain('WEB_ROOT=/app/shell/dist');
    expect(env).toContain('WEB_REMOTES=mfe-customer=/app/mfe-customer/dist,mfe-admin=/app/mfe-admin/dist');
  });

  it('runs as a non-root user in the final stage', () => {
    const user = finalUser(stages);
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
  });

  it('checks /health/live with node fetch, since the slim image has no curl', () => {
    const runtime = stages.find((stage) => stage.name === 'runtime')!;
    const [healthcheck] = instructionsOf(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/CMD \["node", "-e", "fetch\(/);
    expect(instructionsOf(runtime, 'ENV').join(' ')).toContain('HEALTH_PATH=/health/live');
  });

  it('labels the image, exposes a port and starts in exec form', () => {
    expect(instructionsOf(final, 'LABEL').join(' ')).toContain('org.opencontainers.image.title=');
    expect(instructionsOf(final, 'CMD')).toEqual(['["node", "dist/server.cjs"]']);
  });

  it('installs with npm ci only and fetches nothing with ADD', () => {
    const runs = stages.flatMap((stage) => instructionsOf(stage, 'RUN')).join('\n');
    expect(runs).not.toMatch(/npm (install|i)\b/);
    const adds = stages.flatMap((stage) => instructionsOf(stage, 'ADD'));
    expect(adds.filter((add) => /https?:\/\/|git@/.test(add))).toEqual([]);
  });

  it('keeps local installs, builds, data and secrets out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.data', '.git', '.artifacts', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});
