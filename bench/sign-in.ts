/** Signing a demo account in through the gateway, as a browser does, for the figures that need a session. */

export interface SignedIn {
  /** The `sid=…` pair a browser would keep. */
  cookie: string;
  userId: string;
}

/** Posts the sign-in form through the gateway and checks the new session with GET /api/auth/user. */
export async function signIn(gatewayUrl: string, email: string, password: string): Promise<SignedIn> {
  const response = await fetch(`${gatewayUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, returnTo: '/api/auth/user' }),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  const cookie = response.headers.get('set-cookie')?.split(';', 1)[0] ?? '';
  if (response.status !== 303 || !cookie.startsWith('sid=')) {
    throw new Error(`signing in as ${email} answered ${response.status} without a session cookie`);
  }
  const me = await fetch(`${gatewayUrl}/api/auth/user`, { headers: { cookie } });
  const body = await me.text();
  if (!me.ok) throw new Error(`GET /api/auth/user with the new session answered ${me.status}: ${body}`);
  const { id } = JSON.parse(body) as { id: string };
  return { cookie, userId: id };
}
