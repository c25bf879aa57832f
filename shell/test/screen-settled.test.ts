import { createQueryClient } from '@app/web-data';
import { describe, expect, it, vi } from 'vitest';
import { currentScreenSettled } from '../src/federation/screen-settled.js';

const code = vi.hoisted(() => ({ arrive: () => undefined as void }));
vi.mock('../src/federation/route-prefetch.js', () => ({
  prefetchRouteCode: () => new Promise<void>((resolve) => (code.arrive = resolve)),
}));

/** Whether `promise` has settled by the time the event loop has turned a few times. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('the current screen, settled', () => {
  it('once its code has arrived and no read is under way, its own among them', async () => {
    const client = createQueryClient();
    let answer: (value: string) => void = () => undefined;
    void client.prefetchQuery({
      queryKey: ['/api/usage'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const settled = currentScreenSettled(client, '/dashboard');
    expect(await settledYet(settled)).toBe(false);

    code.arrive();
    expect(await settledYet(settled)).toBe(false);

    answer('usage');
    expect(await settledYet(settled)).toBe(true);
  });

  it('at once after its code when nothing is being read', async () => {
    const settled = currentScreenSettled(createQueryClient(), '/catalog');
    code.arrive();
    expect(await settledYet(settled)).toBe(true);
  });
});
