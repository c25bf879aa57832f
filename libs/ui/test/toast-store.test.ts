import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, toastLimit, toastRemoveDelayMs } from '../src/toast/toast-store.js';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the toast store (SPEC.md §4, §9)', () => {
  it('keeps one toast at a time: a new one replaces the shown one', () => {
    const store = createToastStore();
    store.show({ title: 'User created successfully' });
    store.show({ title: 'Error creating user', variant: 'destructive' });
    expect(toastLimit).toBe(1);
    expect(store.getToasts()).toMatchObject([
      { title: 'Error creating user', variant: 'destructive', open: true },
    ]);
  });

  it('closes a dismissed toast at once and drops it 1,000,000 ms later', () => {
    const store = createToastStore();
    const shown = store.show({ title: 'Saved' });
    shown.dismiss();
    expect(store.getToasts()).toMatchObject([{ id: shown.id, open: false }]);
    vi.advanceTimersByTime(toastRemoveDelayMs - 1);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toEqual([]);
  });

  it('does not let an old removal drop the toast that replaced it', () => {
    const store = createToastStore();
    store.show({ title: 'First' }).dismiss();
    store.show({ title: 'Second' });
    vi.advanceTimersByTime(toastRemoveDelayMs);
    expect(store.getToasts()).toMatchObject([{ title: 'Second', open: true }]);
  });

  it('updates a shown toast in place and tells its listeners', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const shown = store.show({ title: 'Saving' });
    shown.update({ title: 'Saved' });
    expect(store.getToasts()).toMatchObject([{ id: shown.id, title: 'Saved' }]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is one store per page, shared by every bundled copy of @app/ui', async () => {
    const first = await import('../src/toast/toast-store.js');
    vi.resetModules();
    const second = await import('../src/toast/toast-store.js');
    expect(second).not.toBe(first);
    expect(second.pageToastStore()).toBe(first.pageToastStore());
  });
});
