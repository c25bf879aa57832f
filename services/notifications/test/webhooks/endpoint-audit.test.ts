import { describe, expect, it } from 'vitest';
import { encryptSecret, parseKeyRing } from '@app/secrets';
import { describeAuditCoverage } from '@app/test-support/audit-coverage';
import { commandTypesOf } from '@app/test-support/command-types';
import { describeWebhookEndpointEvent } from '../../src/webhooks/audit/endpoint-audit.js';
import {
  webhookEndpointEventTypes,
  type WebhookEndpointEvent,
} from '../../src/webhooks/domain/endpoint/events.js';
import { evolve, initialState } from '../../src/webhooks/domain/endpoint/endpoint.js';
import { webhookEndpoints } from '../../src/webhooks/endpoints.js';

const keyRing = parseKeyRing(`audit:${Buffer.alloc(32, 7).toString('base64')}`);
const newerRing = parseKeyRing(`audit2:${Buffer.alloc(32, 9).toString('base64')}`);
const signingSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const rotatedSecret = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const sealedSecret = encryptSecret(keyRing, signingSecret, 'webhook-endpoint:x:secret');
const sealedRotated = encryptSecret(keyRing, rotatedSecret, 'webhook-endpoint:x:secret');
const secrets = [signingSecret, rotatedSecret].concat(
  [sealedSecret, sealedRotated].flatMap((seal) => [seal.ciphertext, seal.iv, seal.tag]),
);

const endpointId = '0196f2a0-0000-7000-8000-0000000000e1';
const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const now = '2026-11-22T09:30:00.000Z';
const metadata = { now };
const url = 'https://app.acme.example/webhooks';
const target = { endpointId, tenantId };
const registered: WebhookEndpointEvent = {
  type: 'WebhookEndpointRegistered',
  data: {
    endpointId,
    tenantId,
    url,
    eventTypes: ['billing.invoice.paid.v1'],
    secret: sealedSecret,
    registeredAt: now,
  },
};
const disabled: WebhookEndpointEvent = {
  type: 'WebhookEndpointDisabled',
  data: { endpointId, disabledAt: now },
};

describeAuditCoverage({
  producer: 'notifications',
  aggregate: webhookEndpoints,
  describeEvent: describeWebhookEndpointEvent,
  commandTypes: commandTypesOf(
    new URL('../../src/webhooks/domain/endpoint/commands.ts', import.meta.url),
    'WebhookEndpointCommand',
  ),
  eventTypes: webhookEndpointEventTypes,
  secrets,
  scenarios: {
    RegisterWebhookEndpoint: [
      {
        when: {
          type: 'RegisterWebhookEndpoint',
          data: { ...target, url, eventTypes: ['billing.invoice.paid.v1'], secret: sealedSecret },
          metadata,
        },
      },
    ],
    ChangeWebhookEndpointEventTypes: [
      {
        given: [registered],
        when: {
          type: 'ChangeWebhookEndpointEventTypes',
          data: { ...target, eventTypes: ['billing.invoice.paid.v1', 'billing.invoice.overdue.v1'] },
          metadata,
        },
      },
    ],
    EnableWebhookEndpoint: [
      { given: [registered, disabled], when: { type: 'EnableWebhookEndpoint', data: target, metadata } },
    ],
    DisableWebhookEndpoint: [
      { given: [registered], when: { type: 'DisableWebhookEndpoint', data: target, metadata } },
    ],
    DeleteWebhookEndpoint: [
      { given: [registered, disabled], when: { type: 'DeleteWebhookEndpoint', data: target, metadata } },
    ],
    RotateWebhookEndpointSecret: [
      {
        given: [registered],
        when: { type: 'RotateWebhookEndpointSecret', data: { ...target, secret: sealedRotated }, metadata },
      },
    ],
    ResealWebhookEndpointSecrets: [
      {
        given: [registered],
        when: {
          type: 'ResealWebhookEndpointSecrets',
          data: { ...target, secret: encryptSecret(newerRing, signingSecret, 'webhook-endpoint:x:secret') },
          metadata,
        },
      },
    ],
    MarkWebhookEndpointFailing: [
      {
        given: [registered],
        when: {
          type: 'MarkWebhookEndpointFailing',
          data: { ...target, messageId: 'm1', reason: 'The endpoint answered HTTP 500', failingSince: now },
          metadata,
        },
      },
    ],
  },
});

describe('a webhook endpoint entry', () => {
  it('names the endpoint by its URL in its tenant, and says the secret was set', () => {
    expect(
      describeWebhookEndpointEvent(registered, initialState(), evolve(initialState(), registered)),
    ).toEqual({
      action: 'webhook-endpoint.registered',
      entity: { type: 'webhook-endpoint', id: endpointId, label: url },
      tenantId,
      accountId: null,
      changes: [
        { field: 'URL', before: null, after: url },
        { field: 'Event types', before: null, after: 'billing.invoice.paid.v1' },
        { field: 'Status', before: null, after: 'enabled' },
        { field: 'Signing secret', secret: 'set' },
      ],
    });
  });
});
