import { describe, expect, it } from 'vitest';
import { IllegalStateError, NotFoundError, ValidationError, fold } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { SealedSecret } from '@app/secrets/sealed-secret';
import type { WebhookEndpointCommand } from '../../src/webhooks/domain/endpoint/commands.js';
import { endpointNotFound, webhookEndpointDecider } from '../../src/webhooks/domain/endpoint/decide.js';
import { receives, signingSecrets } from '../../src/webhooks/domain/endpoint/endpoint.js';
import {
  webhookEndpointEventSchema,
  type WebhookEndpointEvent,
} from '../../src/webhooks/domain/endpoint/events.js';

const { given } = specification(webhookEndpointDecider);
const endpointId = '0196f2a0-0000-7000-8000-0000000000e1';
const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const otherTenantId = '0196f2a0-0000-7000-8000-0000000000a2';
const registeredAt = '2026-11-21T10:00:00.000Z';
const now = '2026-11-22T09:30:00.000Z';
const metadata = { now };
const url = 'https://app.acme.example/webhooks';
const paid = 'billing.invoice.paid.v1';
const overdue = 'billing.invoice.overdue.v1';

/** Stand-ins for seals @app/secrets made before the command: the decider only carries them. */
const sealed = (n: number): SealedSecret => ({
  keyId: 'k2026a',
  iv: `iv${n}`.padEnd(16, 'A'),
  ciphertext: `c${n}`,
  tag: `t${n}`.padEnd(22, 'A'),
});

const registered: WebhookEndpointEvent = {
  type: 'WebhookEndpointRegistered',
  data: { endpointId, tenantId, url, eventTypes: [paid], secret: sealed(1), registeredAt },
};
const disabled: WebhookEndpointEvent = {
  type: 'WebhookEndpointDisabled',
  data: { endpointId, disabledAt: registeredAt },
};
const failing: WebhookEndpointEvent = {
  type: 'WebhookEndpointMarkedFailing',
  data: { endpointId, messageId: 'm1', reason: 'The endpoint answered HTTP 500', markedAt: registeredAt },
};
const rotated: WebhookEndpointEvent = {
  type: 'WebhookEndpointSecretRotated',
  data: { endpointId, secret: sealed(2), previousExpiresAt: '2026-11-23T09:30:00.000Z', rotatedAt: now },
};

const target = { endpointId, tenantId };
const register = (eventTypes: string[]): WebhookEndpointCommand => ({
  type: 'RegisterWebhookEndpoint',
  data: { ...target, url, eventTypes, secret: sealed(1) },
  metadata: { now: registeredAt },
});
const changeTypes = (eventTypes: string[]): WebhookEndpointCommand => ({
  type: 'ChangeWebhookEndpointEventTypes',
  data: { ...target, eventTypes },
  metadata,
});
const enable: WebhookEndpointCommand = { type: 'EnableWebhookEndpoint', data: target, metadata };
const remove: WebhookEndpointCommand = { type: 'DeleteWebhookEndpoint', data: target, metadata };
const deleted: WebhookEndpointEvent = {
  type: 'WebhookEndpointDeleted',
  data: { endpointId, deletedAt: now },
};
const disable: WebhookEndpointCommand = { type: 'DisableWebhookEndpoint', data: target, metadata };
const rotate: WebhookEndpointCommand = {
  type: 'RotateWebhookEndpointSecret',
  data: { ...target, secret: sealed(2) },
  metadata,
};
const markFailing: WebhookEndpointCommand = {
  type: 'MarkWebhookEndpointFailing',
  data: {
    ...target,
    messageId: 'm2',
    reason: 'No complete answer within 15000 ms',
    failingSince: '2026-11-19T06:15:00.000Z',
  },
  metadata,
};

describe('no endpoint', () => {
  it('registers an enabled endpoint with its event types and sealed secret', () => {
    given([])
      .when(register([paid, paid]))
      .then([registered]);
  });

  it('refuses no event type, or one that is not offered', () => {
    given([])
      .when(register([]))
      .thenThrows(
        new ValidationError('Choose at least one event type', [
          { path: 'eventTypes', message: 'Choose at least one event type' },
        ]),
      );
    given([])
      .when(register([paid, 'identity.user.registered.v1']))
      .thenThrows(
        new ValidationError('Unknown event type: identity.user.registered.v1', [
          { path: 'eventTypes', message: 'Unknown event type: identity.user.registered.v1' },
        ]),
      );
  });

  it.each(
    [changeTypes([paid]), enable, disable, remove, rotate, markFailing].map((command) => [
      command.type,
      command,
    ]),
  )('treats %s as not found', (_, command) => {
    given([]).when(command).thenThrows(new NotFoundError(endpointNotFound));
  });
});

describe('an enabled endpoint', () => {
  it('refuses to be registered twice', () => {
    given([registered])
      .when(register([paid]))
      .thenThrows(IllegalStateError);
  });

  it("is not found by another tenant's commands", () => {
    const others: WebhookEndpointCommand[] = [
      changeTypes([overdue]),
      enable,
      disable,
      remove,
      rotate,
      markFailing,
    ].map(
      (command) =>
        ({ ...command, data: { ...command.data, tenantId: otherTenantId } }) as WebhookEndpointCommand,
    );
    for (const command of others) {
      given([registered]).when(command).thenThrows(new NotFoundError(endpointNotFound));
    }
  });

  it('changes its event types, and records nothing for the same choice', () => {
    given([registered])
      .when(changeTypes([overdue, paid]))
      .then([
        {
          type: 'WebhookEndpointEventTypesChanged',
          data: { endpointId, eventTypes: [overdue, paid], changedAt: now },
        },
      ]);
    given([registered])
      .when(changeTypes([paid]))
      .then([]);
  });

  it('is disabled, and enabling it again changes nothing', () => {
    given([registered])
      .when(disable)
      .then([{ type: 'WebhookEndpointDisabled', data: { endpointId, disabledAt: now } }]);
    given([registered]).when(enable).then([]);
  });

  it('rotates its secret, the previous one valid for 24 hours more', () => {
    given([registered]).when(rotate).then([rotated]);
  });

  it('turns failing once when a message runs out of retries', () => {
    given([registered])
      .when(markFailing)
      .then([
        {
          type: 'WebhookEndpointMarkedFailing',
          data: {
            endpointId,
            messageId: 'm2',
            reason: 'No complete answer within 15000 ms',
            failingSince: '2026-11-19T06:15:00.000Z',
            markedAt: now,
          },
        },
      ]);
    given([registered, failing]).when(markFailing).then([]);
  });
});

describe('a disabled endpoint', () => {
  it('is enabled again', () => {
    given([registered, disabled])
      .when(enable)
      .then([{ type: 'WebhookEndpointEnabled', data: { endpointId, enabledAt: now } }]);
  });

  it('does not turn failing: its owner stopped it', () => {
    given([registered, disabled]).when(markFailing).then([]);
  });
});

describe('a failing endpoint', () => {
  it('is taken back into service by enabling it, or disabled', () => {
    given([registered, failing])
      .when(enable)
      .then([{ type: 'WebhookEndpointEnabled', data: { endpointId, enabledAt: now } }]);
    given([registered, failing])
      .when(disable)
      .then([{ type: 'WebhookEndpointDisabled', data: { endpointId, disabledAt: now } }]);
  });
});

describe('a deleted endpoint', () => {
  it('is deleted whatever its status', () => {
    for (const history of [[registered], [registered, disabled], [registered, failing]]) {
      given(history).when(remove).then([deleted]);
    }
  });

  it('is not found by any command after, and cannot be registered again', () => {
    for (const command of [changeTypes([overdue]), enable, disable, remove, rotate, markFailing]) {
      given([registered, deleted]).when(command).thenThrows(new NotFoundError(endpointNotFound));
    }
    given([registered, deleted])
      .when(register([paid]))
      .thenThrows(IllegalStateError);
  });

  it('receives nothing', () => {
    expect(receives(fold(webhookEndpointDecider, [registered, deleted]), paid)).toBe(false);
  });
});

describe('resealing after a key rotation', () => {
  const reseal = (seals: {
    secret?: SealedSecret;
    previousSecret?: SealedSecret;
  }): WebhookEndpointCommand => ({
    type: 'ResealWebhookEndpointSecrets',
    data: { ...target, ...seals },
    metadata,
  });

  it('replaces the seals it is given, the previous one only while there is one', () => {
    given([registered, rotated])
      .when(reseal({ secret: sealed(5), previousSecret: sealed(6) }))
      .then([
        {
          type: 'WebhookEndpointSecretsResealed',
          data: { endpointId, secret: sealed(5), previousSecret: sealed(6), resealedAt: now },
        },
      ]);
    given([registered])
      .when(reseal({ secret: sealed(5), previousSecret: sealed(6) }))
      .then([
        { type: 'WebhookEndpointSecretsResealed', data: { endpointId, secret: sealed(5), resealedAt: now } },
      ]);
  });

  it('records nothing when there is nothing to reseal, and finds no other tenant’s endpoint', () => {
    given([registered]).when(reseal({})).then([]);
    const another: WebhookEndpointCommand = {
      type: 'ResealWebhookEndpointSecrets',
      data: { endpointId, tenantId: otherTenantId, secret: sealed(5) },
      metadata,
    };
    given([registered]).when(another).thenThrows(new NotFoundError(endpointNotFound));
  });
});

describe('the folded endpoint', () => {
  const state = (events: WebhookEndpointEvent[]) => {
    const folded = fold(webhookEndpointDecider, events);
    if (folded.status === 'absent') throw new Error('expected an endpoint');
    return folded;
  };

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', () => {
    const endpoint = state([registered, rotated]);
    expect(signingSecrets(endpoint, now)).toEqual([sealed(2), sealed(1)]);
    expect(signingSecrets(endpoint, '2026-11-23T09:29:59.999Z')).toEqual([sealed(2), sealed(1)]);
    expect(signingSecrets(endpoint, '2026-11-23T09:30:00.000Z')).toEqual([sealed(2)]);
    expect(signingSecrets(state([registered]), now)).toEqual([sealed(1)]);
  });

  it('signs with the resealed secrets, the previous one still until its rotation’s 24 hours end', () => {
    const resealed: WebhookEndpointEvent = {
      type: 'WebhookEndpointSecretsResealed',
      data: { endpointId, previousSecret: sealed(6), resealedAt: now },
    };
    const endpoint = state([registered, rotated, resealed]);
    expect(signingSecrets(endpoint, now)).toEqual([sealed(2), sealed(6)]);
    expect(signingSecrets(endpoint, '2026-11-23T09:30:00.000Z')).toEqual([sealed(2)]);
  });

  it('keeps only the last two secrets when rotated twice', () => {
    const again: WebhookEndpointEvent = {
      type: 'WebhookEndpointSecretRotated',
      data: { endpointId, secret: sealed(3), previousExpiresAt: '2026-11-23T10:00:00.000Z', rotatedAt: now },
    };
    expect(signingSecrets(state([registered, rotated, again]), now)).toEqual([sealed(3), sealed(2)]);
  });

  it('receives the types it chose while enabled, none while disabled or failing', () => {
    expect(receives(state([registered]), paid)).toBe(true);
    expect(receives(state([registered]), overdue)).toBe(false);
    expect(receives(state([registered, disabled]), paid)).toBe(false);
    expect(receives(state([registered, failing]), paid)).toBe(false);
  });

  it('stores secrets only sealed', () => {
    expect(webhookEndpointEventSchema.safeParse(registered).success).toBe(true);
    const clear = { ...registered, data: { ...registered.data, secret: 'whsec_abc' } };
    expect(webhookEndpointEventSchema.safeParse(clear).success).toBe(false);
  });

  it('reads a failing mark stored before it carried failingSince', () => {
    expect(webhookEndpointEventSchema.parse(JSON.parse(JSON.stringify(failing)))).toEqual(failing);
  });
});
