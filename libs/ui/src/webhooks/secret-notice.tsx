import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../components/button.js';
import { Input } from '../components/input.js';
import { Label } from '../components/label.js';
import { toast } from '../toast/toast-store.js';

/** A signing secret just made, for the endpoint at `url`: by registering it, or by rotating it. */
export interface RevealedSecret {
  url: string;
  secret: string;
  reason: 'registered' | 'rotated';
}

/**
 * The signing secret, shown this once (notifications keeps it only sealed and never answers it again), with Copy
 * and a plain warning; Done forgets it. After a rotation the old secret keeps signing for 24 hours.
 */
export function SecretNotice({ revealed, onDone }: { revealed: RevealedSecret; onDone: () => void }) {
  const inputId = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(revealed.secret);
      setCopied(true);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy the secret',
        description: 'Select it and copy it by hand.',
      });
    }
  }

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="grid gap-3 rounded-lg border border-warning-border bg-warning p-4 text-warning-foreground"
    >
      <h3 id={`${inputId}-title`} className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="size-4" />
        {revealed.reason === 'registered' ? 'Endpoint added: its signing secret' : 'New signing secret'}
      </h3>
      <p className="text-sm">
        Copy it now: you will not see it again. Your app verifies each delivery to{' '}
        <span className="break-all font-medium">{revealed.url}</span> with it.
        {revealed.reason === 'rotated' ? ' The previous secret keeps signing for 24 hours.' : ''}
      </p>
      <Label htmlFor={inputId} className="sr-only">
        Signing secret
      </Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={inputId}
          readOnly
          value={revealed.secret}
          className="min-w-0 flex-1 font-mono text-foreground"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
