import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { demoMetricsKeys } from '@app/demo-fixtures';
import {
  composeSpecSchema,
  interpolate,
  interpolatedVariables,
  loadCompose,
  parseComposeText,
  parseEnvFile,
  readRepoFile,
  repoRoot,
} from './support/compose-file.js';
import { dockerfileStages, finalUser, imageEnvironment } from './support/dockerfile.js';
import { loadConfigOf, loadSeedConfigOf } from './support/config-loaders.js';

/** What a user puts in .env: .env.example with its required blanks filled in. */
const dotEnv: Record<string, string> = {
  ...parseEnvFile(readRepoFile('.env.example')),
  POSTGRES_PASSWORD: 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6',
  INTERNAL_TOKEN_SECRET: 'f'.repeat(64),
  SECRETS_KEYS: `k20261122:${Buffer.alloc(32, 7).toString('base64')}`,
  GRAFANA_ADMIN_PASSWORD: 'grafana-admin-password',
  SMTP_URL: 'smtps://mailer:relay-password@smtp.example.com:465',
};
const compose = loadCompose(dotEnv);
const services = compose.services;
const stages = dockerfileStages();

const apps = [
  'demo-tenant-app',
  'catalog',
  'identity',
  'tenancy',
  'billing',
  'monitoring',
  'notifications',
  'audit',
  'gateway',
];
const seeds = {
  catalog: 'catalog-seed',
  identity: 'identity-seed',
  tenancy: 'tenancy-seed',
  billing: 'billing-seed',
};
const ports: Record<string, number> = {
  gateway: 8080,
  catalog: 3001,
  identity: 3002,
  tenancy: 3003,
  billing: 3004,
  monitoring: 3005,
  notifications: 3006,
  audit: 3007,
  'demo-tenant-app': 4100,
};

/** What the process in a container sees: its image's ENV overlaid with the compose environment. */
function containerEnvironment(service: string, app = service): Record<string, string> {
  return { ...imageEnvironment(stages, app), ...services[service]?.environment };
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const { draft, schema } = composeSpecSchema();
    // Ajv's default class is the draft-07 validator.
    expect(draft).toMatch(/draft-07/);
    const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is rejected by the schema check when it is wrong, so the check can fail', () => {
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(composeSpecSchema().schema);
    expect(validate({ services: { gateway: { image: 'x', readonly: true } } })).toBe(false);
    expect(
      validate({
        services: { gateway: { image: 'x', depends_on: { nats: { condition: 'service_ready' } } } },
      }),
    ).toBe(false);
    expect(validate({ services: { gateway: { image: 'x' } } })).toBe(true);
  });

  it('runs every deployable, built from the root Dockerfile', () => {
    for (const app of apps) {
      expect(services[app]?.build, app).toEqual({ context: '.', args: { APP: app } });
      expect(stages.some((stage) => stage.name === `app-${app}`)).toBe(true);
    }
  });

  it('points every service address at a container listening on that port', () => {
    for (const app of apps) {
      expect(imageEnvironment(stages, app).PORT, app).toBe(String(ports[app]));
    }
    // PUBLIC_* are where browsers reach the gateway, not addresses between containers.
    const addresses = Object.entries(services).flatMap(([name, service]) =>
      Object.entries(service.environment ?? {})
        .filter(([variable]) => !variable.startsWith('PUBLIC_'))
        .flatMap(([, value]) =>
          [...value.matchAll(/^https?:\/\/([a-z-]+):(\d+)/g)].map(([, host, port]) => ({ name, host, port })),
        ),
    );
    expect(addresses.length).toBeGreaterThan(8);
    const collector = parseComposeText(readRepoFile('deploy/compose/otel-collector.yaml')) as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } };
    };
    const listening: Record<string, number> = {
      ...ports,
      'otel-collector': Number(collector.receivers.otlp.protocols.http.endpoint.split(':')[1]),
    };
    for (const { name, host, port } of addresses) {
      expect(listening[host!], `${name} → ${host}:${port}`).toBe(Number(port));
    }
  });

  it('hardens every app container: read-only root, a tmpfs, no new privileges, a non-root user', () => {
    const user = finalUser(stages);
    expect(['root', '0', undefined]).not.toContain(user);
    for (const name of [...apps, ...Object.values(seeds)]) {
      const service = services[name]!;
      expect(service.read_only, name).toBe(true);
      expect(service.tmpfs, name).toContain('/tmp');
      expect(service.security_opt, name).toContain('no-new-privileges:true');
      expect(service.user, name).toBeUndefined();
    }
  });

  it('health-checks every long-running container', () => {
    // The collector image has no shell or client to run a check with (see the compose file).
    const unchecked = new Set([...Object.values(seeds), 'otel-collector']);
    for (const [name, service] of Object.entries(services)) {
      if (unchecked.has(name)) continue;
      expect(service.healthcheck?.test, name).toBeDefined();
      expect(service.healthcheck?.disable, name).not.toBe(true);
    }
    for (const app of apps.filter((name) => name !== 'demo-tenant-app')) {
      expect(String(services[app]!.healthcheck!.test)).toContain('/health/ready');
    }
  });

  it('starts in order: every dependency waits for health or completion', () => {
    const allowed = ['service_healthy', 'service_completed_successfully'];
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dependency], `${name} → ${dependency}`).toBeDefined();
        if (dependency === 'otel-collector') continue;
        expect(allowed, `${name} → ${dependency}`).toContain(condition);
      }
    }
    for (const app of apps.filter((name) => name !== 'demo-tenant-app')) {
      expect(Object.keys(services[app]!.depends_on ?? {}).length, app).toBeGreaterThan(0);
    }
    expect(services.gateway!.depends_on).toMatchObject(
      Object.fromEntries(
        ['catalog', 'identity', 'tenancy', 'billing', 'monitoring', 'notifications', 'audit'].map((name) => [
          name,
          { condition: 'service_healthy' },
        ]),
      ),
    );
  });

  it('seeds each service once it is healthy, from its own image, as npm start does', () => {
    for (const [app, seed] of Object.entries(seeds)) {
      const service = services[seed]!;
      expect(service.image).toBe(services[app]!.image);
      expect(service.command).toEqual(['node', 'dist/seed.cjs']);
      expect(service.depends_on?.[app]).toEqual({ condition: 'service_healthy' });
      expect(service.environment).toEqual(services[app]!.environment);
      const build = JSON.parse(readRepoFile(`services/${app}/package.json`)) as {
        scripts: { build: string };
      };
      // dist/seed.cjs is built from the seed the service's descriptor declares.
      expect(build.scripts.build).toContain('build-service.mjs --service');
      expect(readRepoFile(`services/${app}/src/service.ts`)).toMatch(/\bseed: entryCommand\(/);
    }
    // Tenancy's seed needs the catalogue copies; identity's accounts come before the tenants they own.
    expect(services.identity!.depends_on?.['catalog-seed']).toEqual({
      condition: 'service_completed_successfully',
    });
    expect(services.tenancy!.depends_on?.['identity-seed']).toEqual({
      condition: 'service_completed_successfully',
    });
  });

  it('gives every service an environment its own config accepts', () => {
    for (const [app, load] of Object.entries(loadConfigOf)) {
      expect(() => load(containerEnvironment(app)), app).not.toThrow();
    }
    for (const [service, load] of Object.entries(loadSeedConfigOf)) {
      expect(() => load(containerEnvironment(`${service}-seed`, service)), `${service}-seed`).not.toThrow();
    }
  });

  it('is what the configs would refuse without the secrets, so the check above can fail', () => {
    const withoutSecret = { ...containerEnvironment('catalog'), INTERNAL_TOKEN_SECRET: '' };
    expect(() => loadConfigOf.catalog(withoutSecret)).toThrow(/INTERNAL_TOKEN_SECRET/);
  });

  it('uses KurrentDB as the event store of the event-sourced services and the collector for traces', () => {
    for (const app of ['catalog', 'identity', 'tenancy', 'billing', 'notifications']) {
      expect(services[app]!.environment?.EVENTSTORE_URL, app).toMatch(/^kurrentdb:\/\/kurrentdb:2113/);
    }
    for (const app of [
      'catalog',
      'identity',
      'tenancy',
      'billing',
      'monitoring',
      'notifications',
      'audit',
      'gateway',
    ]) {
      expect(services[app]!.environment?.OTEL_EXPORTER_OTLP_ENDPOINT, app).toBe('http://otel-collector:4318');
    }
  });

  it('switches billing to Stripe with the keys from .env', () => {
    const stripe = loadCompose({
      ...dotEnv,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_compose',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_compose',
      STRIPE_WEBHOOK_SECRET: 'whsec_compose',
    });
    const environment = { ...imageEnvironment(stages, 'billing'), ...stripe.services.billing?.environment };
    expect(loadConfigOf.billing(environment).PAYMENT_PROVIDER).toBe('stripe');
    expect(() => loadConfigOf.billing({ ...environment, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('lets monitoring scrape the demo tenant app, which answers the demo subscriptions keys', () => {
    expect(loadConfigOf.monitoring(containerEnvironment('monitoring')).SCRAPE_ALLOW_HOSTS).toEqual([
      'demo-tenant-app:4100',
    ]);
    expect(
      loadConfigOf['demo-tenant-app'](containerEnvironment('demo-tenant-app')).DEMO_METRICS_KEYS,
    ).toEqual([...demoMetricsKeys]);
    expect(
      loadSeedConfigOf.tenancy(containerEnvironment('tenancy-seed', 'tenancy')).DEMO_TENANT_APP_URL,
    ).toBe('http://demo-tenant-app:4100');
  });

  it('sends mail through the relay .env names and lets webhooks reach the demo tenant app', () => {
    const config = loadConfigOf.notifications(containerEnvironment('notifications'));
    expect(config.SMTP_URL).toBe(dotEnv.SMTP_URL);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.WEBHOOK_ALLOW_HOSTS).toEqual(['demo-tenant-app:4100']);
    expect(loadConfigOf.gateway(containerEnvironment('gateway')).NOTIFICATIONS_URL).toBe(
      'http://notifications:3006',
    );
  });

  it('catches the mail in the dev profile only, on the SMTP port notifications is pointed at', () => {
    const catcher = services.maildev!;
    expect(catcher.profiles).toEqual(['dev']);
    expect(catcher.environment?.MAILDEV_SMTP_PORT).toBe('1025');
    expect(catcher.ports).toEqual(['127.0.0.1:1080:1080']);
    const pointed = loadConfigOf.notifications({
      ...containerEnvironment('notifications'),
      SMTP_URL: 'smtp://maildev:1025',
    });
    expect(pointed.SMTP_URL).toBe('smtp://maildev:1025');
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'maildev') expect(service.profiles, name).toBeUndefined();
    }
  });

  it('routes the gateway to the audit service, started after the others', () => {
    expect(loadConfigOf.gateway(containerEnvironment('gateway')).AUDIT_URL).toBe('http://audit:3007');
    expect(services.audit!.depends_on?.notifications).toEqual({ condition: 'service_healthy' });
  });

  it('takes every secret from .env and commits none', () => {
    const text = readRepoFile('docker-compose.yml');
    const variables = interpolatedVariables(text);
    const example = parseEnvFile(readRepoFile('.env.example'));
    for (const name of [
      'POSTGRES_PASSWORD',
      'INTERNAL_TOKEN_SECRET',
      'SECRETS_KEYS',
      'GRAFANA_ADMIN_PASSWORD',
      'SMTP_URL',
    ]) {
      expect(variables.get(name), name).toBe('required');
    }
    for (const name of variables.keys()) expect(Object.keys(example), name).toContain(name);
    for (const [name, kind] of variables) if (kind === 'required') expect(example[name], name).toBe('');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(example[name], name).toBe('');
    }
    expect(() => interpolate(text, { ...dotEnv, SECRETS_KEYS: '' })).toThrow(/SECRETS_KEYS/);
    expect(text).not.toMatch(/(sk|rk)_(test|live)_|whsec_[A-Za-z0-9]/);
  });

  it('keeps the filled-in .env out of git', () => {
    expect(readRepoFile('.gitignore').split('\n')).toContain('.env');
  });

  it('mounts only configuration files that are in the repository', () => {
    const mounted = Object.values(services)
      .flatMap((service) => service.volumes ?? [])
      .filter((volume) => volume.startsWith('./'))
      .map((volume) => volume.split(':')[0]!);
    expect(mounted.length).toBeGreaterThan(0);
    for (const path of mounted) expect(existsSync(join(repoRoot, path)), path).toBe(true);
    expect(mounted).toEqual(
      expect.arrayContaining([
        './deploy/compose/nats.conf',
        './deploy/compose/otel-collector.yaml',
        './deploy/compose/prometheus.yml',
        './deploy/compose/grafana/provisioning',
        './deploy/observability/alerts',
        './deploy/observability/dashboards',
      ]),
    );
  });

  it('publishes the gateway on 8080', () => {
    expect(services.gateway!.ports).toEqual(['8080:8080']);
  });
});

describe('deploy/compose configuration', () => {
  it('runs NATS from its config file, JetStream flushing every write (sync_interval: always)', () => {
    const config = readRepoFile('deploy/compose/nats.conf');
    expect(config).toMatch(/^\s*sync_interval:\s*always\s*$/m);
    expect(config).toMatch(/jetstream\s*\{[^}]*store_dir:\s*\/data/);
    expect(services.nats!.command).toEqual(['-c', '/etc/nats/nats.conf']);
    expect(services.nats!.volumes).toContain('./deploy/compose/nats.conf:/etc/nats/nats.conf:ro');
  });

  it('has Prometheus scrape every app and load the alert rules', () => {
    const prometheus = parseComposeText(readRepoFile('deploy/compose/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: Array<{
        job_name: string;
        metrics_path?: string;
        static_configs: Array<{ targets: string[] }>;
      }>;
    };
    expect(prometheus.rule_files).toEqual(['/etc/prometheus/alerts/*.yml']);
    for (const app of apps.filter((name) => name !== 'demo-tenant-app')) {
      const job = prometheus.scrape_configs.find((config) => config.job_name === app);
      expect(job?.static_configs[0]?.targets, app).toEqual([`${app}:${ports[app]}`]);
      expect(job?.metrics_path ?? '/metrics').toBe('/metrics');
    }
  });

  it('sends traces from the collector to Jaeger', () => {
    const collector = parseComposeText(readRepoFile('deploy/compose/otel-collector.yaml')) as {
      exporters: Record<string, { endpoint: string }>;
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    };
    expect(collector.service.pipelines.traces.receivers).toEqual(['otlp']);
    const [exporter] = collector.service.pipelines.traces.exporters;
    expect(collector.exporters[exporter!]?.endpoint).toBe('jaeger:4317');
  });

  it('provisions Grafana with Prometheus, Jaeger and the dashboards folder', () => {
    const datasources = parseComposeText(
      readRepoFile('deploy/compose/grafana/provisioning/datasources/datasources.yaml'),
    ) as { datasources: Array<{ type: string; uid: string; url: string }> };
    expect(datasources.datasources.map(({ type, url }) => [type, url])).toEqual([
      ['prometheus', 'http://prometheus:9090'],
      ['jaeger', 'http://jaeger:16686'],
    ]);
    const dashboards = parseComposeText(
      readRepoFile('deploy/compose/grafana/provisioning/dashboards/dashboards.yaml'),
    ) as { providers: Array<{ options: { path: string } }> };
    expect(dashboards.providers[0]?.options.path).toBe('/var/lib/grafana/dashboards');
    expect(services.grafana!.volumes).toContain(
      './deploy/observability/dashboards:/var/lib/grafana/dashboards:ro',
    );
  });
});
