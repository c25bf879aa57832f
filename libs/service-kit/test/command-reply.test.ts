import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyAfterCommand, type CommandView, type ServiceApp } from '../src/index.js';
import { testService } from './support.js';

type Position = { commit: bigint; prepare: bigint };
const at = (commit: number): Position => ({ commit: BigInt(commit), prepare: 0n });

/** Projections that have applied everything up to `applied`, and never anything later. */
const projectionsAt = (applied: number) => ({
  waitFor: async (position: Position) => position.commit <= BigInt(applied),
});

describe('replyAfterCommand', () => {
  let app: ServiceApp;
  let outcome: { revision?: number; position: Position | null };
  let applied = 0;
  let view: CommandView<{ name: string }>;

  beforeAll(async () => {
    app = await testService();
    app.post('/command', { config: { policy: 'public' } }, (_request, reply) =>
      replyAfterCommand(reply, { projections: projectionsAt(applied), timeoutMs: 10 }, outcome, view),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const send = () => app.inject({ method: 'POST', url: '/command' });

  it("answers with the read model's row and the ETag once the views show the command", async () => {
    [applied, outcome] = [5, { revision: 3, position: at(5) }];
    view = {
      fromState: () => ({ name: 'from state' }),
      fromReadModel: async () => ({ revision: 3, body: { name: 'from the read model' } }),
    };
    const response = await send();
    expect(response.json()).toEqual({ name: 'from the read model' });
    expect(response.headers.etag).toBe('"3"');
    expect(response.headers['x-view-may-lag']).toBeUndefined();
  });

  it("answers from the command's state, saying so, when the views lag behind", async () => {
    [applied, outcome] = [4, { revision: 3, position: at(5) }];
    const response = await send();
    expect(response.json()).toEqual({ name: 'from state' });
    expect(response.headers['x-view-may-lag']).toBe('true');
  });

  it("answers from the command's state when the read model's row is of another revision", async () => {
    [applied, outcome] = [5, { revision: 4, position: at(5) }];
    expect((await send()).json()).toEqual({ name: 'from state' });
  });

  it('sends no ETag for a command whose aggregate clients never address', async () => {
    [applied, outcome] = [5, { position: null }];
    view = { fromState: () => ({ name: 'no etag' }) };
    const response = await send();
    expect(response.headers.etag).toBeUndefined();
    expect(response.json()).toEqual({ name: 'no etag' });
  });
});
