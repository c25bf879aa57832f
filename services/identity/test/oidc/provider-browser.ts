/**
 * The browser's side of the provider: plain fetch with manual redirects and a cookie jar, as the test walks
 * through the provider's login and consent. Cookies are kept by name only; the provider sets few, on one host.
 */
export function providerBrowser() {
  const jar = new Map<string, string>();

  async function send(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const [name = '', value = ''] = pair.split('=', 2).map((part) => part.trim());
      const expired = attributes.some((attribute) =>
        /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** Follows the provider's redirects until one leaves it (to `until`) or a page answers; returns that URL. */
  async function follow(start: string, until: string): Promise<{ url: string; response: Response }> {
    let url = start;
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.startsWith(until)) return { url, response: new Response(null, { status: 303 }) };
      const response = await send(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) return { url, response };
      url = new URL(location, url).toString();
    }
    throw new Error(`Too many redirects from ${start}`);
  }

  return { send, follow };
}

/**
 * Login, then consent, at the provider, from the authorization URL our app redirected to; resolves with the URL
 * the provider sends the browser back to (our callback with code and state, or with an error).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  redirectUrl: string,
  person: { login: string; password: string; decline?: boolean },
): Promise<URL> {
  const browser = providerBrowser();
  let { url } = await browser.follow(authorizationUrl, redirectUrl);
  for (let step = 0; step < 4 && !url.startsWith(redirectUrl); step += 1) {
    const prompt = (await (await browser.send(url)).json()) as { prompt: string };
    const action = person.decline ? 'abort' : prompt.prompt === 'login' ? 'login' : 'confirm';
    const form: Record<string, string> =
      action === 'login' ? { login: person.login, password: person.password } : {};
    const submitted = await browser.send(`${url}/${action}`, { method: 'POST', form });
    const location = submitted.headers.get('location');
    if (location === null) throw new Error(`The provider answered ${submitted.status} to ${action}`);
    ({ url } = await browser.follow(new URL(location, url).toString(), redirectUrl));
  }
  if (!url.startsWith(redirectUrl)) throw new Error(`Never got back to ${redirectUrl}: ${url}`);
  return new URL(url);
}
