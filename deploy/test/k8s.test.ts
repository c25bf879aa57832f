import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  appDeploymentsOf,
  appProblems,
  ingressProblems,
  networkProblems,
  secretProblems,
  workloadProblems,
  workloadsOf,
} from './support/k8s-policy.js';
import { serviceUrls } from '../../gateway/src/config.js';
import { containerEnvironment } from './support/k8s-env.js';
import { schemaProblems } from './support/k8s-schema.js';
import { renderKustomization, type K8sObject } from './support/kustomize.js';
import { loadConfigOf, loadSeedConfigOf } from './support/config-loaders.js';

const k8s = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../k8s');
const overlays = ['dev', 'prod'] as const;
const rendered = Object.fromEntries(
  overlays.map((overlay) => [overlay, renderKustomization(path.join(k8s, 'overlays', overlay))]),
) as Record<(typeof overlays)[number], K8sObject[]>;

const documentedSecrets = new Set(
  [...readFileSync(path.join(k8s, 'README.md'), 'utf8').matchAll(/create secret generic ([a-z0-9-]+)/g)].map(
    (match) => match[1] ?? '',
  ),
);

const apps = ['catalog', 'identity', 'tenancy', 'billing', 'monitoring', 'notifications', 'audit', 'gateway'];

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name) as
    (K8sObject & { spec: Record<string, never> }) | undefined;

/** kubectl ships kustomize; where it is installed, the subset renderer must agree with it object for object. */
const kubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const clone = <T>(value: T): T => structuredClone(value);

describe.each(overlays)('the %s overlay', (overlay) => {
  const objects = rendered[overlay];

  it('renders every deployable with its Deployment, Service, HPA, PDB and NetworkPolicy', () => {
    const expected = overlay === 'dev' ? [...apps, 'demo-tenant-app'] : apps;
    expect(
      appDeploymentsOf(objects)
        .map((deployment) => deployment.metadata.name)
        .sort(),
    ).toEqual([...expected].sort());
    for (const name of expected) {
      for (const kind of ['Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy']) {
        expect(find(objects, kind, name), `${kind}/${name}`).toBeDefined();
      }
    }
    const namespace = overlay === 'dev' ? 'subscriptions-dev' : 'subscriptions';
    expect(objects.every((object) => object.metadata.namespace === namespace)).toBe(true);
  });

  it.skipIf(!kubectl)('renders what kubectl kustomize renders', () => {
    const output = execFileSync('kubectl', ['kustomize', path.join(k8s, 'overlays', overlay)], {
      encoding: 'utf8',
    });
    const key = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
    const byKey = (list: K8sObject[]) => Object.fromEntries(list.map((object) => [key(object), object]));
    const real = parseAllDocuments(output).map((document) => document.toJS() as K8sObject);
    expect(byKey(objects)).toEqual(byKey(real));
  });

  it('validates against the Kubernetes API schemas', () => {
    expect(objects.flatMap(schemaProblems)).toEqual([]);
  });

  it('runs every container locked down, sized and pinned', () => {
    expect(workloadProblems(objects)).toEqual([]);
  });

  it('probes every app on /health/live and /health/ready and gives it a Service, an HPA and a PDB', () => {
    expect(appProblems(objects)).toEqual([]);
  });

  it('commits no Secret and references only documented ones', () => {
    expect(secretProblems(objects, documentedSecrets)).toEqual([]);
  });

  it('denies by default and opens only what each workload needs', () => {
    expect(networkProblems(objects)).toEqual([]);
  });

  it('exposes only the gateway through the Ingress', () => {
    expect(objects.filter((object) => object.kind === 'Ingress')).toHaveLength(1);
    expect(ingressProblems(objects)).toEqual([]);
  });

  it('runs NATS as three JetStream nodes that sync every write and route to each other', () => {
    const nats = find(objects, 'StatefulSet', 'nats');
    expect(nats?.spec.replicas).toBe(3);
    expect(find(objects, 'Service', 'nats-headless')?.spec.clusterIP).toBe('None');
    const config = (find(objects, 'ConfigMap', 'nats-config') as unknown as { data: Record<string, string> })
      .data['nats.conf'];
    expect(config).toMatch(/jetstream\s*{[^}]*sync_interval: always/);
    for (const node of [0, 1, 2]) expect(config).toContain(`nats://nats-${node}.nats-headless:6222`);
  });

  it('runs KurrentDB as a three-node cluster gossiping over the headless Service', () => {
    const kurrent = find(objects, 'StatefulSet', 'kurrentdb') as unknown as {
      spec: {
        replicas: number;
        template: { spec: { containers: Array<{ env: Array<{ name: string; value?: string }> }> } };
      };
    };
    expect(kurrent.spec.replicas).toBe(3);
    const env = Object.fromEntries(
      (kurrent.spec.template.spec.containers[0]?.env ?? []).map((variable) => [
        variable.name,
        variable.value,
      ]),
    );
    expect(env.KURRENTDB_CLUSTER_SIZE).toBe('3');
    const seeds = [0, 1, 2].map((node) => `kurrentdb-${node}.kurrentdb-headless:2113`);
    expect(env.KURRENTDB_GOSSIP_SEED).toBe(seeds.join(','));
    expect(find(objects, 'Service', 'kurrentdb-headless')?.spec.clusterIP).toBe('None');
    const platform = find(objects, 'ConfigMap', 'platform-config') as unknown as {
      data: Record<string, string>;
    };
    expect(platform.data.EVENTSTORE_URL).toMatch(/^kurrentdb:\/\//);
  });

  it('ships the OpenTelemetry collector the services export to', () => {
    expect(find(objects, 'Deployment', 'otel-collector')).toBeDefined();
    expect(find(objects, 'ConfigMap', 'otel-collector-config')).toBeDefined();
    const platform = find(objects, 'ConfigMap', 'platform-config') as unknown as {
      data: Record<string, string>;
    };
    expect(platform.data.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector:4318');
  });
});

describe('the overlays differ where they should', () => {
  const replicas = (objects: K8sObject[]) =>
    appDeploymentsOf(objects).map((deployment) => deployment.spec.replicas ?? 1);
  const instances = (objects: K8sObject[]) => find(objects, 'Cluster', 'postgres')?.spec.instances;

  it('development runs one of each, the demo tenant app and the seeds', () => {
    expect(new Set(replicas(rendered.dev))).toEqual(new Set([1]));
    expect(instances(rendered.dev)).toBe(1);
    const jobs = workloadsOf(rendered.dev).filter((workload) => workload.kind === 'Job');
    expect(jobs.map((job) => job.metadata.name).sort()).toEqual(
      ['billing-seed', 'catalog-seed', 'identity-seed', 'tenancy-seed'].sort(),
    );
  });

  it('development catches the mail notifications sends to smtp://maildev:1025, and lets it through', () => {
    const catcher = find(rendered.dev, 'Service', 'maildev') as unknown as {
      spec: { ports: Array<{ name: string; port: number }> };
    };
    expect(catcher.spec.ports).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'smtp', port: 1025 })]),
    );
    const config = loadConfigOf.notifications({
      ...containerEnvironment(rendered.dev, 'Deployment', 'notifications', secrets),
      SMTP_URL: 'smtp://maildev:1025',
    });
    expect(config.SMTP_URL).toBe('smtp://maildev:1025');
    expect(find(rendered.dev, 'NetworkPolicy', 'notifications-to-maildev')).toBeDefined();
  });

  it('production runs three of each, three Postgres instances, TLS, and no demo or seeds', () => {
    expect(Math.min(...replicas(rendered.prod))).toBeGreaterThanOrEqual(3);
    expect(instances(rendered.prod)).toBe(3);
    for (const hpa of rendered.prod.filter((object) => object.kind === 'HorizontalPodAutoscaler')) {
      expect((hpa as unknown as { spec: { minReplicas: number } }).spec.minReplicas).toBeGreaterThanOrEqual(
        3,
      );
    }
    expect(find(rendered.prod, 'Ingress', 'gateway')?.spec.tls).toEqual([
      { hosts: ['app.example.com'], secretName: 'gateway-tls' },
    ]);
    const gateway = find(rendered.prod, 'Deployment', 'gateway') as unknown as {
      spec: { template: { spec: { containers: Array<{ resources: object; readinessProbe: object }> } } };
    };
    expect(gateway.spec.template.spec.containers[0]).toMatchObject({
      resources: { requests: { cpu: '250m', memory: '384Mi' }, limits: { cpu: '1', memory: '1Gi' } },
      readinessProbe: { httpGet: { path: '/health/ready' } },
    });
    expect(find(rendered.prod, 'Deployment', 'demo-tenant-app')).toBeUndefined();
    expect(find(rendered.prod, 'Deployment', 'maildev')).toBeUndefined();
    expect(rendered.prod.some((object) => object.kind === 'Job')).toBe(false);
  });
});

describe('the renderer', () => {
  it('refuses kustomize features it does not implement', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'kustomize-'));
    writeFileSync(
      path.join(directory, 'kustomization.yaml'),
      'resources: []\nreplicas:\n  - name: gateway\n    count: 2\n',
    );
    try {
      expect(() => renderKustomization(directory)).toThrow(/unsupported fields replicas/);
    } finally {
      rmSync(directory, { recursive: true });
    }
  });
});

describe('the checks catch a careless edit', () => {
  const gatewayOf = (objects: K8sObject[]) =>
    objects.find(
      (object) => object.kind === 'Deployment' && object.metadata.name === 'gateway',
    ) as unknown as {
      spec: {
        template: { spec: { containers: Array<Record<string, unknown> & { securityContext: object }> } };
      };
    };

  it('a container without readOnlyRootFilesystem', () => {
    const objects = clone(rendered.prod);
    const container = gatewayOf(objects).spec.template.spec.containers[0];
    if (container)
      container.securityContext = { ...container.securityContext, readOnlyRootFilesystem: false };
    expect(workloadProblems(objects)).toEqual([
      'Deployment/gateway container app: readOnlyRootFilesystem is not true',
    ]);
  });

  it('a readiness probe on the wrong path, and a :latest image', () => {
    const objects = clone(rendered.prod);
    const container = gatewayOf(objects).spec.template.spec.containers[0];
    if (container) {
      container.readinessProbe = { httpGet: { path: '/health/live', port: 'http' } };
      container.image = 'ghcr.io/fintech-subscriptions/gateway:latest';
    }
    expect(appProblems(objects)).toEqual([
      'Deployment/gateway: readinessProbe is not GET /health/ready on port http',
    ]);
    expect(workloadProblems(objects)).toEqual([
      'Deployment/gateway container app: image ghcr.io/fintech-subscriptions/gateway:latest uses :latest',
    ]);
  });

  it('a committed Secret, a missing PDB, a Service on the Ingress other than the gateway', () => {
    const objects = clone(rendered.prod).filter(
      (object) => !(object.kind === 'PodDisruptionBudget' && object.metadata.name === 'billing'),
    );
    objects.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'leaked' } });
    const ingress = find(objects, 'Ingress', 'gateway') as unknown as {
      spec: { rules: Array<{ http: { paths: Array<{ backend: { service: { name: string } } }> } }> };
    };
    const backend = ingress.spec.rules[0]?.http.paths[0]?.backend;
    if (backend) backend.service.name = 'billing';
    expect(secretProblems(objects, documentedSecrets)).toEqual([
      'Secret/leaked: secrets are created by hand, never committed',
    ]);
    expect(appProblems(objects)).toEqual(['Deployment/billing: no PodDisruptionBudget']);
    expect(ingressProblems(objects)).toEqual(['Ingress/gateway: routes to billing']);
  });

  it('a service opened to any pod, and an egress its callee does not admit', () => {
    const objects = clone(rendered.prod);
    const policy = find(objects, 'NetworkPolicy', 'catalog') as unknown as {
      spec: { ingress: Array<{ from: object[] }>; egress: Array<{ ports: Array<{ port: number }> }> };
    };
    policy.spec.ingress[0]?.from.push({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'billing' } },
    });
    const natsRule = policy.spec.egress.find((rule) => rule.ports[0]?.port === 4222);
    if (natsRule) natsRule.ports = [{ port: 6222 }];
    expect(networkProblems(objects)).toEqual([
      'Deployment/catalog: admits {"app.kubernetes.io/name":"billing"}',
      'Deployment/catalog: egress to nats:6222 is not admitted by its ingress',
    ]);
  });

  it('a schema error', () => {
    const objects = clone(rendered.prod);
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'gateway') as unknown as {
      spec: { minReplicas: unknown };
    };
    hpa.spec.minReplicas = 'three';
    const cluster = find(objects, 'Cluster', 'postgres') as unknown as { spec: Record<string, unknown> };
    cluster.spec.instnaces = 3;
    expect(objects.flatMap(schemaProblems)).toEqual([
      'HorizontalPodAutoscaler/gateway/spec/minReplicas must be integer',
      'Cluster/postgres/spec must NOT have additional properties',
    ]);
  });
});

/** Stand-ins for the Secrets of deploy/k8s/README.md, shaped as the services require. */
const secrets = {
  'platform-internal-token/INTERNAL_TOKEN_SECRET': 'an-internal-token-secret-of-at-least-32-characters',
  'tenancy-secrets-keys/SECRETS_KEYS': `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  'notifications-secrets-keys/SECRETS_KEYS': `n1:${Buffer.alloc(32, 9).toString('base64')}`,
  'notifications-smtp/SMTP_URL': 'smtps://mailer:relay-password@smtp.example.com:465',
  'postgres-app/uri': 'postgresql://app:password@postgres-rw:5432/app',
  'demo-tenant-app/DEMO_METRICS_KEYS': 'demo-key-1,demo-key-2',
};

describe.each(overlays)('the %s overlay starts every deployable with a valid environment', (overlay) => {
  const environmentOf = (kind: string, name: string) =>
    containerEnvironment(rendered[overlay], kind, name, secrets);

  it.each([
    ['catalog', loadConfigOf.catalog],
    ['identity', loadConfigOf.identity],
    ['tenancy', loadConfigOf.tenancy],
    ['billing', loadConfigOf.billing],
    ['notifications', loadConfigOf.notifications],
  ] as const)('%s, on Postgres, NATS and the KurrentDB cluster', (name, load) => {
    const config = load(environmentOf('Deployment', name));
    expect(config).toMatchObject({
      DATABASE_URL: secrets['postgres-app/uri'],
      NATS_URL: 'nats://nats:4222',
      // Its stream on every NATS node, as many as the StatefulSet runs.
      NATS_STREAM_REPLICAS: find(rendered[overlay], 'StatefulSet', 'nats')?.spec.replicas,
      EVENTSTORE_URL: expect.stringMatching(/^kurrentdb:\/\/kurrentdb-0\.kurrentdb-headless:2113,/),
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
    });
  });

  it('monitoring, knowing tenancy and the services it checks', () => {
    const config = loadConfigOf.monitoring(environmentOf('Deployment', 'monitoring'));
    expect(config).toMatchObject({
      TENANCY_URL: 'http://tenancy:3003',
      CATALOG_URL: 'http://catalog:3001',
      GATEWAY_URL: 'http://gateway:8080',
    });
  });

  it('notifications, mailing through the relay its Secret names, with links to the public address', () => {
    const config = loadConfigOf.notifications(environmentOf('Deployment', 'notifications'));
    expect(config.SMTP_URL).toBe(secrets['notifications-smtp/SMTP_URL']);
    expect(config.PUBLIC_URL).toBe(overlay === 'prod' ? 'https://app.example.com' : 'http://app.example.com');
    // Webhooks reach only public addresses: nothing in the cluster is on the SSRF guard's allow list.
    expect(config.WEBHOOK_ALLOW_HOSTS).toEqual([]);
  });

  it('audit, on Postgres and NATS, without an event store of its own', () => {
    const config = loadConfigOf.audit(environmentOf('Deployment', 'audit'));
    expect(config).toMatchObject({
      DATABASE_URL: secrets['postgres-app/uri'],
      NATS_URL: 'nats://nats:4222',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
    });
  });

  it('the gateway, routing to all seven services behind the ingress', () => {
    const config = loadConfigOf.gateway(environmentOf('Deployment', 'gateway'));
    expect(serviceUrls(config)).toEqual({
      catalog: 'http://catalog:3001',
      identity: 'http://identity:3002',
      tenancy: 'http://tenancy:3003',
      billing: 'http://billing:3004',
      monitoring: 'http://monitoring:3005',
      notifications: 'http://notifications:3006',
      audit: 'http://audit:3007',
    });
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.NATS_STREAM_REPLICAS).toBe(find(rendered[overlay], 'StatefulSet', 'nats')?.spec.replicas);
  });
});

describe('the development seeds and demo app', () => {
  const devEnvironmentOf = (kind: string, name: string) =>
    containerEnvironment(rendered.dev, kind, name, secrets);

  it('development starts the seeds and the demo tenant app with a valid environment', () => {
    const seeds = [
      ['catalog', loadSeedConfigOf.catalog],
      ['identity', loadSeedConfigOf.identity],
      ['billing', loadSeedConfigOf.billing],
    ] as const;
    for (const [seed, load] of seeds) {
      expect(load(devEnvironmentOf('Job', `${seed}-seed`)).DATABASE_URL).toBe(secrets['postgres-app/uri']);
    }
    expect(loadSeedConfigOf.tenancy(devEnvironmentOf('Job', 'tenancy-seed')).DEMO_TENANT_APP_URL).toBe(
      'http://demo-tenant-app:4100',
    );
    expect(loadConfigOf['demo-tenant-app'](devEnvironmentOf('Deployment', 'demo-tenant-app'))).toMatchObject({
      HOST: '0.0.0.0',
      PORT: 4100,
    });
  });
});
