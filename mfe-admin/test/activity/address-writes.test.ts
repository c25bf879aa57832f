import { describe, expect, it } from 'vitest';
import { addressWrites, committed, written } from '../../src/screens/activity/address-writes.js';

const address = (text: string) => new URLSearchParams(text);
const latestOf = (writes: ReturnType<typeof addressWrites>) => writes.latest.toString();

describe('the addresses the Activity screen writes', () => {
  it('starts each change from the last written address while renders lag behind', () => {
    let writes = addressWrites(address('entityId=t'));
    writes = written(writes, address('entityId=t&from=a'));
    writes = written(writes, address('entityId=t&from=a&to=b'));
    writes = committed(writes, address('entityId=t&from=a'));
    writes = written(writes, address('entityId=t&to=b'));
    // The render of the second write commits after the third was written: the third stays the latest.
    writes = committed(writes, address('entityId=t&from=a&to=b'));
    expect(latestOf(writes)).toBe('entityId=t&to=b');
    writes = committed(writes, address('entityId=t&to=b'));
    expect(writes).toEqual({ latest: address('entityId=t&to=b'), pending: [] });
  });

  it('lets a render skip straight to the newest write', () => {
    let writes = addressWrites(address(''));
    writes = written(writes, address('from=a'));
    writes = written(writes, address('from=a&to=b'));
    writes = committed(writes, address('from=a&to=b'));
    expect(writes.pending).toEqual([]);
    expect(latestOf(writes)).toBe('from=a&to=b');
  });

  it('counts a repeated address at its newest write', () => {
    let writes = addressWrites(address(''));
    writes = written(writes, address('from=a'));
    writes = written(writes, address('to=b'));
    writes = written(writes, address('from=a'));
    writes = committed(writes, address('from=a'));
    expect(writes.pending).toEqual([]);
    expect(latestOf(writes)).toBe('from=a');
  });

  it('starts again from an address it never wrote: a link, Back or a reload', () => {
    let writes = addressWrites(address('from=a'));
    writes = written(writes, address('from=a&to=b'));
    writes = committed(writes, address('actorId=u'));
    expect(writes).toEqual({ latest: address('actorId=u'), pending: [] });
  });
});
