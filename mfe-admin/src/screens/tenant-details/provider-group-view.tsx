import { providerFieldNames, providerGroupLabels, type ProviderGroup, type Tenant } from '@app/contracts';
import { Button } from '@app/ui';
import { errorDescription, useRevealCredential } from '@app/web-data';
import { Eye, EyeOff, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { DetailItem } from '../../components/detail-item.js';

const maskedPassword = '••••••••';

/**
 * The eye toggle asks the server for the password (an audited POST, ARCHITECTURE.md "Decisions": Secrets) and
 * keeps it only in this component's state, so hiding it or leaving the page forgets it.
 */
function PasswordValue({ tenantId, group }: { tenantId: string; group: ProviderGroup }) {
  const [password, setPassword] = useState<string | null>(null);
  const reveal = useRevealCredential();
  const label = providerGroupLabels[group];

  function toggle() {
    if (password !== null) {
      setPassword(null);
      return;
    }
    reveal.mutate({ tenantId, group }, { onSuccess: (revealed) => setPassword(revealed.password) });
  }

  return (
    <div className="grid gap-1">
      <span className="flex items-center gap-2">
        <span className="break-all font-mono">{password ?? maskedPassword}</span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`${password === null ? 'Show' : 'Hide'} ${label} password`}
          aria-pressed={password !== null}
          disabled={reveal.isPending}
          onClick={toggle}
        >
          {password === null ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
        </Button>
      </span>
      {reveal.isError ? (
        <span role="alert" className="text-sm text-destructive">
          {errorDescription(reveal.error)}
        </span>
      ) : null}
    </div>
  );
}

/** One provider group in view mode (SPEC.md §2 "Tenant details", Service Providers). */
export function ProviderGroupView({ tenant, group }: { tenant: Tenant; group: ProviderGroup }) {
  const names = providerFieldNames(group);
  const url = tenant[names.url];
  const username = tenant[names.username];
  return (
    <section aria-labelledby={`provider-${group}`} className="grid gap-3 rounded-lg border border-border p-4">
      <h3 id={`provider-${group}`} className="font-semibold">
        {providerGroupLabels[group]}
      </h3>
      <dl className="grid gap-3">
        <DetailItem term="Provider URL">
          {url ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
            >
              {url}
              <ExternalLink className="size-3 shrink-0" aria-hidden />
            </a>
          ) : (
            'Not configured'
          )}
        </DetailItem>
        <DetailItem term="Username">{username || 'Not set'}</DetailItem>
        <DetailItem term="Password">
          {tenant[names.passwordSet] ? <PasswordValue tenantId={tenant.id} group={group} /> : 'Not set'}
        </DetailItem>
      </dl>
    </section>
  );
}
