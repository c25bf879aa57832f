import { comparePositions, type EventStore, type Position } from '@app/eventing';
import { eventually } from './eventually.js';

/**
 * Waits until the store's head over `categories` has reached `position`. A rebuild replays up to the head, and a
 * transaction open anywhere on the server (another test file's) holds the head and every read back a moment.
 * Not expect.poll: hooks call it too.
 */
export async function untilHeadReaches(
  store: Pick<EventStore, 'headPosition'>,
  categories: readonly string[],
  position: Position,
): Promise<void> {
  const head = await eventually(
    () => store.headPosition(categories),
    (reached) => comparePositions(reached, position) >= 0,
    20_000,
  );
  if (comparePositions(head, position) < 0) {
    throw new Error(`the store's head stayed at ${describe(head)}, before ${describe(position)}`);
  }
}

function describe(position: Position | 'start'): string {
  return position === 'start' ? 'the start' : `${position.commit}/${position.prepare}`;
}
