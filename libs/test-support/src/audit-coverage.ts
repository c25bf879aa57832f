import { describe, expect, it } from 'vitest';
import { auditActions, auditEntryRecordedV1, auditEntityTypes, type AuditProducer } from '@app/contracts';
import { fold, type DomainEvent } from '@app/domain';
import type { Aggregate, RecordedEvent } from '@app/eventing';
import { auditEnvelopeOf, type AuditDescriber } from '@app/service-kit/audit';
import { leaks } from './leak-scan.js';

/** A command decided on a history; what it decides is what the audit trail must say. */
export interface AuditScenario<Command, Event> {
  given?: readonly Event[];
  when: Command;
}

/** At least one scenario per command type, keyed by it. */
export type AuditScenarios<Command extends { type: string }, Event> = {
  [Type in Command['type']]: readonly [
    AuditScenario<Extract<Command, { type: Type }>, Event>,
    ...AuditScenario<Extract<Command, { type: Type }>, Event>[],
  ];
};

export interface AuditCoverage<State, Command extends { type: string }, Event extends DomainEvent> {
  producer: AuditProducer;
  aggregate: Aggregate<State, Command, Event>;
  describeEvent: AuditDescriber<State, Event>;
  /** From the decider's own source (commandTypesOf), not written out again. */
  commandTypes: readonly string[];
  /** From the stored-event union (eventTypesOf). */
  eventTypes: readonly string[];
  scenarios: AuditScenarios<Command, Event>;
  /** Text that must appear in no entry: the plaintext of every secret the scenarios handle, and its seal. */
  secrets?: readonly string[];
}

/**
 * Issue 21's "audit entries for every command of every service": every command type the decider's source declares
 * has a scenario, each scenario decides at least one event, every event type the stored union holds is decided by
 * one of them, and each decided event, stored and read back as the relay reads it, becomes a valid audit entry
 * that names a known action and entity type, says what changed, and holds none of the secrets.
 */
export function describeAuditCoverage<State, Command extends { type: string }, Event extends DomainEvent>(
  coverage: AuditCoverage<State, Command, Event>,
): void {
  const { aggregate, scenarios } = coverage;
  const { decider } = aggregate;
  const scenarioList = Object.entries(scenarios) as [string, readonly AuditScenario<Command, Event>[]][];

  function entriesOf(scenario: AuditScenario<Command, Event>) {
    let state = fold(decider, scenario.given ?? []);
    const decided = decider.decide(scenario.when, state);
    const entries = decided.map((event, revision) => {
      const recorded = storedAndReadBack(aggregate.category, event, revision);
      const read = aggregate.decode(recorded);
      const before = state;
      state = decider.evolve(state, read);
      return {
        type: read.type,
        envelope: auditEnvelopeOf(coverage.producer, recorded, coverage.describeEvent(read, before, state)),
      };
    });
    return { decided, entries };
  }

  describe(`the audit trail of ${aggregate.category}`, () => {
    it('has a scenario for every command type the decider declares', () => {
      expect(Object.keys(scenarios).sort()).toEqual([...coverage.commandTypes].sort());
    });

    it.each(scenarioList)('records every event %s decides as a valid entry', (_type, list) => {
      for (const scenario of list) {
        const { decided, entries } = entriesOf(scenario);
        expect(decided.length, `${scenario.when.type} decided nothing`).toBeGreaterThan(0);
        for (const { type, envelope } of entries) {
          const entry = auditEntryRecordedV1.parse(envelope).data;
          expect(auditActions, type).toContain(entry.action);
          expect(auditEntityTypes, type).toContain(entry.entity.type);
          expect(entry.changes.length, `${type} says nothing changed`).toBeGreaterThan(0);
        }
      }
    });

    it('decides every stored event type in some scenario', () => {
      const decided = new Set(
        scenarioList.flatMap(([, list]) =>
          list.flatMap((scenario) => entriesOf(scenario).entries.map((e) => e.type)),
        ),
      );
      expect([...coverage.eventTypes].filter((type) => !decided.has(type))).toEqual([]);
    });

    it('puts no secret in any entry', () => {
      const texts = scenarioList.flatMap(([type, list]) =>
        list.flatMap((scenario) =>
          entriesOf(scenario).entries.map(({ envelope }) => [type, JSON.stringify(envelope)] as const),
        ),
      );
      expect(leaks(texts, coverage.secrets ?? [])).toEqual([]);
    });
  });
}

/** The event as the relay gets it: stored (JSON), then handed over as a recorded event of its stream. */
function storedAndReadBack(category: string, event: DomainEvent, revision: number): RecordedEvent {
  return {
    id: `0196f2a0-0000-7000-8000-${String(revision).padStart(12, '0')}`,
    type: event.type,
    data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
    metadata: { actorId: '0196f2a0-0000-7000-8000-00000000a11c' },
    streamName: `${category}-0196f2a0-0000-7000-8000-000000000001`,
    revision,
    position: { commit: 1n, prepare: BigInt(revision) },
    recordedAt: new Date('2026-11-30T12:00:00.000Z'),
  };
}
