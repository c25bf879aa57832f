import type { K8sObject } from './kustomize.js';

/**
 * The rules every rendered overlay keeps, so no overlay can drift from what deploy/k8s/README.md promises:
 * each function returns the broken rules as readable lines, so a test asserts an empty list and a failure names
 * the object and the field.
 */

type Labels = Record<string, string>;
interface Probe {
  httpGet?: { path?: string; port?: string | number };
}
interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: SecurityContext;
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
  readOnlyRootFilesystem?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type?: string };
}
interface PodSpec {
  securityContext?: SecurityContext;
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<{ name: string; emptyDir?: object }>;
}
interface Workload extends K8sObject {
  spec: { replicas?: number; template: { metadata: { labels: Labels }; spec: PodSpec } };
}
interface PolicyPeer {
  podSelector?: { matchLabels?: Labels };
  namespaceSelector?: { matchLabels?: Labels };
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: Array<{ port?: number | string; protocol?: string }>;
}
interface NetworkPolicy extends K8sObject {
  spec: {
    podSelector: { matchLabels?: Labels };
    policyTypes: string[];
    ingress?: PolicyRule[];
    egress?: PolicyRule[];
  };
}

const workloadKinds = new Set(['Deployment', 'StatefulSet', 'Job']);
const nameLabel = 'app.kubernetes.io/name';
const componentLabel = 'app.kubernetes.io/component';

/** Components of our own deployables (the ones with /health endpoints, an HPA and a PDB). */
export const appComponents = new Set(['service', 'gateway', 'demo']);

/** Secrets that an operator creates (CloudNativePG's application user), not a person. */
const operatorSecrets = new Set(['postgres-app']);

export const workloadsOf = (objects: K8sObject[]): Workload[] =>
  objects.filter((object) => workloadKinds.has(object.kind)) as Workload[];

export const appDeploymentsOf = (objects: K8sObject[]): Workload[] =>
  workloadsOf(objects).filter(
    (workload) =>
      workload.kind === 'Deployment' &&
      appComponents.has(workload.spec.template.metadata.labels[componentLabel] ?? ''),
  );

/** The spec of an object of a kind this file knows the shape of. */
const specOf = <Spec>(object: K8sObject): Spec => (object as unknown as { spec: Spec }).spec;

const containersOf = (workload: Workload): Container[] => [
  ...(workload.spec.template.spec.initContainers ?? []),
  ...workload.spec.template.spec.containers,
];

const selects = (selector: Labels | undefined, labels: Labels): boolean =>
  Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);

/** Security context, resources, pinned images and a writable /tmp for every container of every workload. */
export function workloadProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const workload of workloadsOf(objects)) {
    const where = `${workload.kind}/${workload.metadata.name}`;
    const pod = workload.spec.template.spec;
    const podContext = pod.securityContext ?? {};
    if (podContext.runAsNonRoot !== true) problems.push(`${where}: pod runAsNonRoot is not true`);
    if (typeof podContext.runAsUser !== 'number' || podContext.runAsUser <= 0) {
      problems.push(`${where}: pod runAsUser is not a numeric non-root user`);
    }
    if (podContext.seccompProfile?.type !== 'RuntimeDefault')
      problems.push(`${where}: pod seccomp is not RuntimeDefault`);
    const tmpVolumes = new Set(
      (pod.volumes ?? []).filter((volume) => volume.emptyDir).map((volume) => volume.name),
    );
    for (const container of containersOf(workload)) {
      const at = `${where} container ${container.name}`;
      const context = container.securityContext ?? {};
      if (context.runAsNonRoot !== true) problems.push(`${at}: runAsNonRoot is not true`);
      if (typeof context.runAsUser !== 'number' || context.runAsUser <= 0) {
        problems.push(`${at}: runAsUser is not a numeric non-root user`);
      }
      if (context.allowPrivilegeEscalation !== false)
        problems.push(`${at}: allowPrivilegeEscalation is not false`);
      if (context.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem is not true`);
      if (!context.capabilities?.drop?.includes('ALL')) problems.push(`${at}: capabilities do not drop ALL`);
      if ((context.capabilities?.add ?? []).length > 0) problems.push(`${at}: adds capabilities`);
      if (context.seccompProfile?.type !== 'RuntimeDefault')
        problems.push(`${at}: seccomp is not RuntimeDefault`);
      for (const kind of ['requests', 'limits'] as const) {
        for (const resource of ['cpu', 'memory']) {
          if (!container.resources?.[kind]?.[resource]) problems.push(`${at}: no ${resource} ${kind}`);
        }
      }
      problems.push(...imageProblems(at, container.image));
      const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
      if (!tmp || !tmpVolumes.has(tmp.name)) problems.push(`${at}: /tmp is not an emptyDir`);
    }
  }
  return problems;
}

function imageProblems(at: string, image: string): string[] {
  if (image.includes('@sha256:')) return [];
  const tagStart = image.lastIndexOf(':');
  if (tagStart <= image.lastIndexOf('/')) return [`${at}: image ${image} has no tag`];
  if (image.slice(tagStart + 1) === 'latest') return [`${at}: image ${image} uses :latest`];
  return [];
}

/** Our apps: the three probes on the container's http port, and a Service, an HPA and a PDB for each. */
export function appProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
  for (const deployment of appDeploymentsOf(objects)) {
    const name = deployment.metadata.name;
    const podLabels = deployment.spec.template.metadata.labels;
    const [container, ...others] = deployment.spec.template.spec.containers;
    if (!container || others.length > 0) {
      problems.push(`Deployment/${name}: expected exactly one container`);
      continue;
    }
    // The demo tenant app (development only) has no dependencies to be ready for: it answers /health alone.
    const demo = podLabels[componentLabel] === 'demo';
    const expectations: Array<[keyof Container, string]> = [
      ['startupProbe', demo ? '/health' : '/health/live'],
      ['livenessProbe', demo ? '/health' : '/health/live'],
      ['readinessProbe', demo ? '/health' : '/health/ready'],
    ];
    for (const [probe, path] of expectations) {
      const httpGet = (container[probe] as Probe | undefined)?.httpGet;
      if (httpGet?.path !== path || httpGet.port !== 'http') {
        problems.push(`Deployment/${name}: ${probe} is not GET ${path} on port http`);
      }
    }
    if (!container.ports?.some((port) => port.name === 'http'))
      problems.push(`Deployment/${name}: no http port`);
    const services = ofKind('Service').filter((service) =>
      selects(specOf<{ selector?: Labels }>(service).selector, podLabels),
    );
    if (services.length === 0) problems.push(`Deployment/${name}: no Service selects it`);
    const hpa = ofKind('HorizontalPodAutoscaler').find((object) => {
      const target = specOf<{ scaleTargetRef: { kind: string; name: string } }>(object).scaleTargetRef;
      return target.kind === 'Deployment' && target.name === name;
    });
    if (!hpa) problems.push(`Deployment/${name}: no HorizontalPodAutoscaler`);
    const pdb = ofKind('PodDisruptionBudget').find((object) =>
      selects(specOf<{ selector: { matchLabels: Labels } }>(object).selector.matchLabels, podLabels),
    );
    if (!pdb) problems.push(`Deployment/${name}: no PodDisruptionBudget`);
  }
  return problems;
}

/** No Secret carries data in the manifests; every Secret referenced is documented or made by an operator. */
export function secretProblems(objects: K8sObject[], documentedSecrets: Set<string>): string[] {
  const problems = objects
    .filter((object) => object.kind === 'Secret')
    .map((secret) => `Secret/${secret.metadata.name}: secrets are created by hand, never committed`);
  const configMaps = new Set(
    objects.filter((object) => object.kind === 'ConfigMap').map((map) => map.metadata.name),
  );
  for (const workload of workloadsOf(objects)) {
    for (const container of containersOf(workload)) {
      const at = `${workload.kind}/${workload.metadata.name} container ${container.name}`;
      const secretNames = [
        ...(container.env ?? []).flatMap((variable) => variable.valueFrom?.secretKeyRef?.name ?? []),
        ...(container.envFrom ?? []).flatMap((source) => source.secretRef?.name ?? []),
      ];
      for (const secret of secretNames) {
        if (!documentedSecrets.has(secret) && !operatorSecrets.has(secret)) {
          problems.push(`${at}: Secret ${secret} is not in deploy/k8s/README.md`);
        }
      }
      for (const source of container.envFrom ?? []) {
        const map = source.configMapRef?.name;
        if (map !== undefined && !configMaps.has(map))
          problems.push(`${at}: ConfigMap ${map} is not rendered`);
      }
    }
  }
  return problems;
}

const policiesOf = (objects: K8sObject[]): NetworkPolicy[] =>
  objects.filter((object) => object.kind === 'NetworkPolicy') as NetworkPolicy[];

/**
 * Default deny; each workload's own policy for both directions; apps called only by the gateway, monitoring (its
 * health checks and tenancy's metrics keys), Prometheus and the declared internal calls (identity handing
 * notifications its password-setup links); the ingress controller only reaching the gateway; and every egress to
 * one of our pods matched by an ingress rule of that pod's policy.
 */
export function networkProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const policies = policiesOf(objects);
  const denyAll = policies.find(
    (policy) =>
      Object.keys(policy.spec.podSelector.matchLabels ?? {}).length === 0 &&
      policy.spec.policyTypes.includes('Ingress') &&
      policy.spec.policyTypes.includes('Egress') &&
      !policy.spec.ingress?.length &&
      !policy.spec.egress?.length,
  );
  if (!denyAll) problems.push('no default-deny NetworkPolicy for ingress and egress');

  const workloads = workloadsOf(objects);
  const podsOf = (peer: PolicyPeer): Workload[] =>
    peer.podSelector?.matchLabels && !peer.namespaceSelector
      ? workloads.filter((workload) =>
          selects(peer.podSelector?.matchLabels, workload.spec.template.metadata.labels),
        )
      : [];

  for (const workload of workloads) {
    const labels = workload.spec.template.metadata.labels;
    const where = `${workload.kind}/${workload.metadata.name}`;
    const own = policies.filter(
      (policy) =>
        Object.keys(policy.spec.podSelector.matchLabels ?? {}).length > 0 &&
        selects(policy.spec.podSelector.matchLabels, labels),
    );
    for (const direction of ['Ingress', 'Egress']) {
      if (!own.some((policy) => policy.spec.policyTypes.includes(direction))) {
        problems.push(`${where}: no NetworkPolicy of its own for ${direction}`);
      }
    }
    const component = labels[componentLabel];
    for (const rule of own.flatMap((policy) => policy.spec.ingress ?? [])) {
      for (const peer of rule.from ?? []) {
        problems.push(...ingressPeerProblems(where, component, peer));
      }
    }
    for (const rule of own.flatMap((policy) => policy.spec.egress ?? [])) {
      for (const peer of rule.to ?? []) {
        for (const callee of podsOf(peer)) {
          for (const port of rule.ports ?? []) {
            if (!admits(policies, callee, labels, port.port)) {
              problems.push(
                `${where}: egress to ${callee.metadata.name}:${port.port} is not admitted by its ingress`,
              );
            }
          }
        }
      }
    }
  }
  return problems;
}

const allowedAppCallers = new Set(['gateway', 'monitoring', 'prometheus']);

/** Internal calls beyond those, by callee: one service's `/internal/...` route for one other service. */
const internalCallers: Record<string, readonly string[]> = { notifications: ['identity'] };

function ingressPeerProblems(where: string, component: string | undefined, peer: PolicyPeer): string[] {
  const callee = where.slice(where.indexOf('/') + 1);
  if (component === undefined || !appComponents.has(component)) return [];
  if (peer.ipBlock) return [`${where}: admits an IP block`];
  const caller = peer.podSelector?.matchLabels?.[nameLabel];
  const controller = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
  if (peer.namespaceSelector && !peer.podSelector) {
    return component === 'gateway' && controller === 'ingress-nginx'
      ? []
      : [`${where}: admits a whole namespace (${controller ?? 'any'})`];
  }
  if (caller === undefined || !(allowedAppCallers.has(caller) || internalCallers[callee]?.includes(caller))) {
    return [`${where}: admits ${JSON.stringify(peer.podSelector?.matchLabels ?? {})}`];
  }
  if (caller !== 'prometheus' && peer.namespaceSelector)
    return [`${where}: admits ${caller} from other namespaces`];
  return [];
}

function admits(
  policies: NetworkPolicy[],
  callee: Workload,
  callerLabels: Labels,
  port: number | string | undefined,
) {
  const calleeLabels = callee.spec.template.metadata.labels;
  return policies
    .filter((policy) => selects(policy.spec.podSelector.matchLabels, calleeLabels))
    .flatMap((policy) => policy.spec.ingress ?? [])
    .some(
      (rule) =>
        (rule.ports ?? []).some((allowed) => allowed.port === port) &&
        (rule.from ?? []).some(
          (peer) => !peer.namespaceSelector && selects(peer.podSelector?.matchLabels, callerLabels),
        ),
    );
}

/** Browsers reach only the gateway: every Ingress backend is the gateway's Service. */
export function ingressProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const ingress of objects.filter((object) => object.kind === 'Ingress')) {
    const { rules } = specOf<{ rules?: Array<{ http?: { paths: Array<{ backend: Backend }> } }> }>(ingress);
    const backends = (rules ?? []).flatMap((rule) => rule.http?.paths.map((path) => path.backend) ?? []);
    const defaultBackend = specOf<{ defaultBackend?: Backend }>(ingress).defaultBackend;
    for (const backend of defaultBackend ? [...backends, defaultBackend] : backends) {
      if (backend.service?.name !== 'gateway') {
        problems.push(`Ingress/${ingress.metadata.name}: routes to ${backend.service?.name ?? 'a resource'}`);
      }
    }
  }
  return problems;
}

interface Backend {
  service?: { name: string };
}
