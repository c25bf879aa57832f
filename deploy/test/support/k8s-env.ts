import type { K8sObject } from './kustomize.js';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Container {
  name: string;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string } }>;
}

/**
 * The environment a workload's first container starts with, as Kubernetes assembles it: the ConfigMaps of
 * envFrom, then env (which wins). Secrets come from `secrets` (`<secret>/<key>`), standing in for the ones
 * created by hand; an optional reference without a value is left unset, as Kubernetes does.
 */
export function containerEnvironment(
  objects: K8sObject[],
  kind: string,
  name: string,
  secrets: Record<string, string>,
): Record<string, string> {
  const workload = objects.find((object) => object.kind === kind && object.metadata.name === name) as
    (K8sObject & { spec: { template: { spec: { containers: Container[] } } } }) | undefined;
  const container = workload?.spec.template.spec.containers[0];
  if (!container) throw new Error(`${kind}/${name} is not rendered`);
  const environment: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const mapName = source.configMapRef?.name;
    const map = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === mapName) as
      (K8sObject & { data?: Record<string, string> }) | undefined;
    if (!map) throw new Error(`${kind}/${name}: ConfigMap ${mapName} is not rendered`);
    Object.assign(environment, map.data);
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    if (variable.value !== undefined) environment[variable.name] = variable.value;
    else if (secret) {
      const value = secrets[`${secret.name}/${secret.key}`];
      if (value !== undefined) environment[variable.name] = value;
      else if (!secret.optional)
        throw new Error(`${kind}/${name}: no value for Secret ${secret.name}/${secret.key}`);
    }
  }
  return environment;
}
