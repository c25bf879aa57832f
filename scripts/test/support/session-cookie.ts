/** The session cookie (`sid=…`) of an account signed in through the gateway's form, as a browser would keep it. */
export async function sessionCookie(gatewayUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`sign-in of ${email}: ${response.status}`);
  return response.headers.get('set-cookie')?.split(';')[0] ?? '';
}
