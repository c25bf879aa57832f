/**
 * identity answers the password-setup link absolute when it knows its public address, else as a path on the
 * app's own origin (libs/contracts identity/user.ts); the admin hands it over, so it is shown absolute.
 */
export function absoluteSetupUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatExpiry(iso: string): string {
  return expiryFormat.format(new Date(iso));
}
