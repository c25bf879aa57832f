import { describe, expect, it } from 'vitest';
import { auditEntryRecordedV1, type AuditDescription } from '@app/contracts';
import { defineAggregate, type RecordedEvent } from '@app/eventing';
import {
  auditActorOf,
  auditEntryIdOf,
  auditEnvelopeOf,
  auditedAggregate,
  changedFields,
  moneyText,
  secretOutcome,
  timeText,
  valueText,
} from '../src/audit/index.js';

type Event = { type: 'Named'; data: { name: string } };
const counters = defineAggregate<string, never, Event>({
  category: 'test_counter',
  decider: { initialState: () => '', evolve: (_state, event) => event.data.name, decide: () => [] },
  decode: (recorded) => ({ type: 'Named', data: recorded.data as { name: string } }),
});
const describeNamed = (_event: Event, before: string, after: string): AuditDescription => ({
  action: 'product.updated',
  entity: { type: 'product', id: 'p', label: after },
  tenantId: null,
  accountId: null,
  changes: changedFields([['Name', before || null, after]]),
});

function recorded(stream: string, revision: number, name: string): RecordedEvent {
  return {
    id: `0196f2a0-0000-7000-8000-${String(revision).padStart(12, '0')}`,
    type: 'Named',
    data: { name },
    metadata: {},
    streamName: stream,
    revision,
    position: { commit: 1n, prepare: BigInt(revision) },
    recordedAt: new Date('2026-11-30T12:00:00.000Z'),
  };
}

/** A stream store that counts its reads. */
function storeOf(streams: Record<string, RecordedEvent[]>) {
  const reads: string[] = [];
  return {
    reads,
    readStream: async (stream: string) => {
      reads.push(stream);
      const events = streams[stream] ?? [];
      return { events, revision: events.length === 0 ? ('no_stream' as const) : events.length - 1 };
    },
  };
}

describe('an audited aggregate', () => {
  const a = [
    recorded('test_counter-a', 0, 'one'),
    recorded('test_counter-a', 1, 'two'),
    recorded('test_counter-a', 2, 'three'),
  ];

  it('knows the state before each event from the one before it, reading the stream only when it must', async () => {
    const store = storeOf({ 'test_counter-a': a });
    const audited = auditedAggregate(counters, describeNamed);
    const entries = [];
    for (const event of a) entries.push(await audited.describe(event, store));
    expect(entries.map((entry) => entry.changes)).toEqual([
      [{ field: 'Name', before: null, after: 'one' }],
      [{ field: 'Name', before: 'one', after: 'two' }],
      [{ field: 'Name', before: 'two', after: 'three' }],
    ]);
    expect(store.reads).toEqual([]);
  });

  it('folds the stream up to the event when it meets one out of sequence (a restart, a stream it forgot)', async () => {
    const store = storeOf({ 'test_counter-a': a });
    const audited = auditedAggregate(counters, describeNamed, { cachedStreams: 1 });
    expect((await audited.describe(a[2]!, store)).changes).toEqual([
      { field: 'Name', before: 'two', after: 'three' },
    ]);
    expect(store.reads).toEqual(['test_counter-a']);

    // One stream kept: another stream's event pushes this one out, so it is read again.
    const other = recorded('test_counter-b', 0, 'b');
    await audited.describe(other, store);
    await audited.describe(a[1]!, store);
    expect(store.reads).toEqual(['test_counter-a', 'test_counter-a']);
  });
});

describe('an audit entry', () => {
  const eventId = '0196f2a0-0000-7000-8000-000000000007';

  it('has an id of its own derived from the event id, the same every time', () => {
    expect(auditEntryIdOf(eventId)).toBe(auditEntryIdOf(eventId));
    expect(auditEntryIdOf(eventId)).not.toBe(eventId);
    expect(auditEntryIdOf(eventId)).not.toBe(auditEntryIdOf('0196f2a0-0000-7000-8000-000000000008'));
  });

  it('names a user by id and a platform process by name', () => {
    expect(auditActorOf({ actorId: eventId })).toEqual({ type: 'user', userId: eventId });
    const customerId = '0196f2a0-0000-7000-8000-0000000000c1';
    expect(auditActorOf({ actorId: eventId, actorRole: 'admin', onBehalfOf: customerId })).toEqual({
      type: 'user',
      userId: eventId,
      role: 'admin',
      onBehalfOf: customerId,
    });
    expect(auditActorOf({ actorId: 'billing-renewals' })).toEqual({
      type: 'system',
      name: 'billing-renewals',
    });
    expect(auditActorOf({})).toEqual({ type: 'system', name: 'platform' });
  });

  it('is published on the producer subject with the event as its cause', () => {
    const event = {
      ...recorded('test_counter-a', 0, 'one'),
      id: eventId,
      metadata: { actorId: 'seed', correlationId: 'r1' },
    };
    const description = describeNamed(event as never, '', 'one');
    expect(auditEnvelopeOf('catalog', event, description)).toEqual({
      id: auditEntryIdOf(eventId),
      type: 'catalog.audit-entry.recorded.v1',
      occurredAt: '2026-11-30T12:00:00.000Z',
      correlationId: 'r1',
      causationId: eventId,
      data: {
        eventId,
        occurredAt: '2026-11-30T12:00:00.000Z',
        action: 'product.updated',
        actor: { type: 'system', name: 'seed' },
        entity: { type: 'product', id: 'p', label: 'one' },
        tenantId: null,
        accountId: null,
        changes: [{ field: 'Name', before: null, after: 'one' }],
      },
    });
  });
});

describe('a long text in an entry', () => {
  it('is cut to the contract limits, so the entry can always be published', () => {
    const event = recorded('test_counter-a', 0, 'x');
    const long = 'https://example.test/'.padEnd(3_000, 'a');
    const envelope = auditEnvelopeOf('catalog', event, {
      ...describeNamed(event as never, '', 'x'),
      entity: { type: 'webhook-endpoint', id: 'e', label: long },
      changes: [{ field: 'Description', before: null, after: long }],
    });
    const data = auditEntryRecordedV1.parse(envelope).data;
    expect(data.entity.label).toHaveLength(300);
    expect(data.entity.label?.endsWith('…')).toBe(true);
    expect(data.changes[0]).toMatchObject({
      before: null,
      after: expect.stringMatching(/^https:\/\/example.test\/a+…$/),
    });
  });
});

describe('audit values', () => {
  it('are words: Yes/No, lists, dollars, instants in UTC', () => {
    expect([true, false, null, ['a', 'b'], [], 3].map((value) => valueText(value))).toEqual([
      'Yes',
      'No',
      null,
      'a, b',
      null,
      '3',
    ]);
    expect([123_456, 0, null].map((cents) => moneyText(cents))).toEqual(['$1,234.56', '$0.00', null]);
    expect(['2026-11-21T10:30:59.999Z', '2026-11-21T23:45:00+02:00'].map(timeText)).toEqual([
      '2026-11-21 10:30 UTC',
      '2026-11-21 21:45 UTC',
    ]);
  });

  it('say of a secret only whether it was set, changed or cleared', () => {
    expect(secretOutcome(false, true, false)).toBe('set');
    expect(secretOutcome(true, true, false)).toBe('changed');
    expect(secretOutcome(true, false, false)).toBe('cleared');
    expect(secretOutcome(true, true, true)).toBeNull();
    expect(secretOutcome(false, false, true)).toBeNull();
  });
});
