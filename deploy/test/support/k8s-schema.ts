import { Ajv } from 'ajv';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import type { K8sObject } from './kustomize.js';

/**
 * Validation against the Kubernetes API's OpenAPI schemas as kubernetes-models compiles them (ajv validators per
 * type). Only the kinds deploy/k8s uses are mapped: an unmapped kind fails, so a new kind gets a schema too.
 */
const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

/**
 * CloudNativePG's Cluster: no npm package ships its CRD schema, so this checks the fields we set against the types
 * and bounds the CRD (postgresql.cnpg.io/v1) declares for them, and refuses any other field so a typo or an
 * unchecked setting cannot slip through.
 */
const quantity = { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?(m|Ki|Mi|Gi|Ti)?$' };
const cnpgClusterSchema = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'postgresql.cnpg.io/v1' },
    kind: { const: 'Cluster' },
    metadata: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 50 } },
    },
    spec: {
      type: 'object',
      additionalProperties: false,
      required: ['instances', 'storage'],
      properties: {
        instances: { type: 'integer', minimum: 1 },
        imageName: { type: 'string', pattern: ':[^:]+$' },
        primaryUpdateStrategy: { enum: ['unsupervised', 'supervised'] },
        bootstrap: {
          type: 'object',
          additionalProperties: false,
          properties: {
            initdb: {
              type: 'object',
              additionalProperties: false,
              properties: { database: { type: 'string' }, owner: { type: 'string' } },
            },
          },
        },
        storage: {
          type: 'object',
          additionalProperties: false,
          required: ['size'],
          properties: { size: quantity, storageClass: { type: 'string' } },
        },
        resources: {
          type: 'object',
          additionalProperties: false,
          properties: {
            requests: { type: 'object', properties: { cpu: quantity, memory: quantity } },
            limits: { type: 'object', properties: { cpu: quantity, memory: quantity } },
          },
        },
      },
    },
  },
};

const validateCnpgCluster = new Ajv({ allErrors: true }).compile(cnpgClusterSchema);

/** The schema problems of one rendered object, as readable lines; empty when it is valid. */
export function schemaProblems(object: K8sObject): string[] {
  const name = `${object.kind}/${object.metadata.name}`;
  if (object.apiVersion === 'postgresql.cnpg.io/v1' && object.kind === 'Cluster') {
    if (validateCnpgCluster(object)) return [];
    return (validateCnpgCluster.errors ?? []).map((error) => `${name}${error.instancePath} ${error.message}`);
  }
  const Model = models[`${object.apiVersion}/${object.kind}`];
  if (Model === undefined) return [`${name}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(object as never).validate();
    return [];
  } catch (error) {
    const details = (error as { errors?: Array<{ instancePath: string; message?: string }> }).errors;
    if (details === undefined) return [`${name}: ${String(error)}`];
    return details.map((detail) => `${name}${detail.instancePath} ${detail.message ?? 'is invalid'}`);
  }
}
