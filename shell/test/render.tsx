import type { CurrentUser } from '@app/contracts';
import { createQueryClient } from '@app/web-data';
import { QueryClientProvider } from '@app/query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '@app/routing';
import { vi } from 'vitest';

export const casey: CurrentUser = {
  id: '019a0000-0000-7000-8000-00000000b002',
  email: 'casey@demo.local',
  firstName: 'Casey',
  lastName: 'Customer',
  role: 'tenant',
  profileImageUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const avery: CurrentUser = { ...casey, email: 'admin@demo.local', firstName: 'Avery', role: 'admin' };

/**
 * Answers GET /api/auth/user as identity does: the user, or a 401 for a visitor. `pending` leaves it unanswered,
 * as while the call is in flight.
 */
export function stubCurrentUser(answer: CurrentUser | null | 'pending') {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    if (String(input) !== '/api/auth/user')
      return Promise.reject(new Error(`unexpected fetch ${String(input)}`));
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    return Promise.resolve(
      answer === null
        ? new Response('', { status: 401 })
        : new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders under the app's query client and an in-memory router at `path`. */
export function renderAt(path: string, ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
