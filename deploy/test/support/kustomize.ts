import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * A renderer for the subset of kustomize that deploy/k8s uses, because neither Debian nor the npm registry ships a
 * usable kustomize (Debian's kubernetes-client 1.20 embeds kustomize 2.0, which predates `patches` and `labels`).
 * Supported: `resources` (files and directories), `namespace`, `labels` (pairs on metadata only), `images`
 * (newName, newTag, digest) and `patches` (a path to a strategic-merge patch, optionally with a target by kind,
 * name regex and label selector). Anything else in a kustomization.yaml is refused, so the manifests cannot
 * drift outside what the tests render. Where kubectl is installed, the test compares this output with
 * `kubectl kustomize`.
 */

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Target {
  kind?: string;
  name?: string;
  labelSelector?: string;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: Array<{ pairs: Record<string, string>; includeSelectors?: false }>;
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
  patches?: Array<{ path: string; target?: Target }>;
}

const supportedFields = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'images',
  'patches',
]);

/** Kinds that live outside a namespace, which the namespace transformer leaves alone (only those we could use). */
const clusterScoped = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition']);

/**
 * Lists that strategic merge merges by a key instead of replacing (the ones our patches touch, with the keys the
 * Kubernetes API declares for them).
 */
const mergeKeys: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
};

export function renderKustomization(directory: string): K8sObject[] {
  const kustomization = readYamlDocuments(path.join(directory, 'kustomization.yaml'))[0] as Kustomization;
  const unsupported = Object.keys(kustomization).filter((field) => !supportedFields.has(field));
  if (unsupported.length > 0) {
    throw new Error(`${directory}/kustomization.yaml: unsupported fields ${unsupported.join(', ')}`);
  }
  let objects = (kustomization.resources ?? []).flatMap((entry) => loadResource(path.join(directory, entry)));

  for (const patch of kustomization.patches ?? []) {
    const patchDocuments = readYamlDocuments(path.join(directory, patch.path));
    if (patchDocuments.length !== 1) throw new Error(`${patch.path}: one patch per file`);
    const patchObject = patchDocuments[0] as K8sObject;
    const target: Target = patch.target ?? { kind: patchObject.kind, name: patchObject.metadata.name };
    const selected = objects.filter((object) => matchesTarget(object, target));
    if (selected.length === 0) throw new Error(`${patch.path}: the patch matches no resource`);
    objects = objects.map((object) => {
      if (!selected.includes(object)) return object;
      // The patch's name only finds its target; the rest of its metadata (annotations, labels) merges.
      const { name: _name, ...patchMetadata } = patchObject.metadata;
      const patchBody = { ...patchObject, metadata: patchMetadata };
      const merged = strategicMerge(object as unknown as JsonObject, patchBody as unknown as JsonObject, '');
      return merged as unknown as K8sObject;
    });
  }

  const namespace = kustomization.namespace;
  if (namespace !== undefined) {
    objects = objects.map((object) =>
      clusterScoped.has(object.kind) ? object : { ...object, metadata: { ...object.metadata, namespace } },
    );
  }

  for (const { pairs, includeSelectors } of kustomization.labels ?? []) {
    if (includeSelectors) throw new Error('labels: includeSelectors is not supported');
    objects = objects.map((object) => ({
      ...object,
      metadata: { ...object.metadata, labels: { ...object.metadata.labels, ...pairs } },
    }));
  }

  for (const image of kustomization.images ?? []) {
    objects = objects.map((object) => replaceImage(object, image));
  }
  return objects;
}

function loadResource(location: string): K8sObject[] {
  if (statSync(location).isDirectory()) return renderKustomization(location);
  return readYamlDocuments(location) as K8sObject[];
}

function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
      return document.toJS() as unknown;
    })
    .filter((document) => document !== null);
}

function matchesTarget(object: K8sObject, target: Target): boolean {
  if (target.kind !== undefined && object.kind !== target.kind) return false;
  if (target.name !== undefined && !new RegExp(`^(?:${target.name})$`).test(object.metadata.name))
    return false;
  if (
    target.labelSelector !== undefined &&
    !matchesSelector(object.metadata.labels ?? {}, target.labelSelector)
  ) {
    return false;
  }
  return true;
}

/** `key=value` and `key in (a,b)`, comma-separated requirements all of which must hold. */
function matchesSelector(labels: Record<string, string>, selector: string): boolean {
  const requirements = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  return requirements.every((requirement) => {
    const setMatch = /^\s*([\w./-]+)\s+in\s+\(([^)]*)\)\s*$/.exec(requirement);
    if (setMatch?.[1] !== undefined && setMatch[2] !== undefined) {
      const values = setMatch[2].split(',').map((value) => value.trim());
      const actual = labels[setMatch[1]];
      return actual !== undefined && values.includes(actual);
    }
    const equalMatch = /^\s*([\w./-]+)\s*==?\s*([\w.-]*)\s*$/.exec(requirement);
    if (equalMatch?.[1] === undefined) throw new Error(`unsupported label selector "${selector}"`);
    return labels[equalMatch[1]] === equalMatch[2];
  });
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Strategic merge as kustomize does it for our patches: maps merge, keyed lists merge by key, other lists and
 * scalars are replaced, and `null` deletes. */
function strategicMerge(base: JsonObject, patch: JsonObject, where: string): JsonObject {
  const result: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) throw new Error(`${where}.${key}: patch directives are not supported`);
    const current = result[key];
    if (value === null) delete result[key];
    else if (isObject(value) && isObject(current))
      result[key] = strategicMerge(current, value, `${where}.${key}`);
    else if (Array.isArray(value) && Array.isArray(current) && mergeKeys[key] !== undefined) {
      result[key] = mergeList(current, value, mergeKeys[key], `${where}.${key}`);
    } else result[key] = value;
  }
  return result;
}

function mergeList(base: Json[], patch: Json[], mergeKey: string, where: string): Json[] {
  const merged = [...base];
  for (const item of patch) {
    if (!isObject(item)) throw new Error(`${where}: items must be objects`);
    const index = merged.findIndex((existing) => isObject(existing) && existing[mergeKey] === item[mergeKey]);
    const existing = merged[index];
    if (index >= 0 && isObject(existing)) merged[index] = strategicMerge(existing, item, where);
    else merged.push(item);
  }
  return merged;
}

function replaceImage(object: K8sObject, image: NonNullable<Kustomization['images']>[number]): K8sObject {
  const podSpec = podSpecOf(object);
  if (podSpec === undefined) return object;
  const rewrite = (containers: Json | undefined): Json | undefined =>
    Array.isArray(containers)
      ? containers.map((container) => {
          if (!isObject(container) || typeof container.image !== 'string') return container;
          const { name, tag } = splitImage(container.image);
          if (name !== image.name) return container;
          const newName = image.newName ?? name;
          const reference = image.digest ? `@${image.digest}` : `:${image.newTag ?? tag ?? ''}`;
          return { ...container, image: reference === ':' ? newName : `${newName}${reference}` };
        })
      : containers;
  const rewritten: JsonObject = { ...podSpec, containers: rewrite(podSpec.containers) ?? [] };
  if (podSpec.initContainers !== undefined) rewritten.initContainers = rewrite(podSpec.initContainers) ?? [];
  return withPodSpec(object, rewritten);
}

function splitImage(reference: string): { name: string; tag?: string } {
  const withoutDigest = reference.split('@')[0] ?? reference;
  const lastColon = withoutDigest.lastIndexOf(':');
  if (lastColon > withoutDigest.lastIndexOf('/')) {
    return { name: withoutDigest.slice(0, lastColon), tag: withoutDigest.slice(lastColon + 1) };
  }
  return { name: withoutDigest };
}

/** The pod template's spec of a workload (Deployment, StatefulSet, DaemonSet, Job), if the object has one. */
export function podSpecOf(object: K8sObject): JsonObject | undefined {
  const spec = (object as unknown as JsonObject).spec;
  if (!isObject(spec) || !isObject(spec.template)) return undefined;
  const podSpec = spec.template.spec;
  return isObject(podSpec) ? podSpec : undefined;
}

function withPodSpec(object: K8sObject, podSpec: JsonObject): K8sObject {
  const spec = (object as unknown as { spec: JsonObject & { template: JsonObject } }).spec;
  return { ...object, spec: { ...spec, template: { ...spec.template, spec: podSpec } } };
}
