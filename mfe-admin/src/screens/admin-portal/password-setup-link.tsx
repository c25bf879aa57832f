import type { PasswordSetupLink } from '@app/contracts';
import { Button, Input, Label } from '@app/ui';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { absoluteSetupUrl, formatExpiry } from './setup-link.js';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The one-time link a new account's owner uses to choose a password. identity shows it only in the create
 * answer, so the admin copies it here; it cannot be read again.
 */
export function PasswordSetupLinkPanel({ email, link }: { email: string; link: PasswordSetupLink }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const inputId = useId();
  const url = absoluteSetupUrl(link.url, window.location.origin);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Send this link to {email} so they can choose a password. It is shown only once and expires on{' '}
        {formatExpiry(link.expiresAt)}.
      </p>
      <Label htmlFor={inputId}>Password setup link</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={inputId} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void copyLink()}>
          {copy === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
          Copy
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {copy === 'copied'
          ? 'Link copied to the clipboard.'
          : copy === 'failed'
            ? 'Could not copy: select the link and copy it yourself.'
            : ''}
      </p>
    </div>
  );
}
