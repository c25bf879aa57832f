import type { WebhookEndpointWithSecret } from '@app/contracts';
import { useWebhookEndpoints, type WebhookScope } from '@app/web-data';
import { useState } from 'react';
import { SectionCard } from '../components/card.js';
import { ListRead } from '../components/list-states.js';
import { AddEndpointDialog } from './add-endpoint-dialog.js';
import { EndpointRow } from './endpoint-row.js';
import { SecretNotice, type RevealedSecret } from './secret-notice.js';

/**
 * A tenant's webhook endpoints (issue 20), the same card on an admin's tenant details and on the owner's API &
 * Webhooks page; `scope` says through which routes. A signing secret, made by Add endpoint or Rotate secret,
 * is held here only until Done, as the server never answers it again.
 */
export function WebhooksPanel({ scope, title = 'Webhooks' }: { scope: WebhookScope; title?: string }) {
  const endpoints = useWebhookEndpoints(scope);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const reveal = (reason: RevealedSecret['reason']) => (endpoint: WebhookEndpointWithSecret) =>
    setRevealed({ url: endpoint.url, secret: endpoint.secret, reason });

  return (
    <SectionCard
      title={title}
      headerClassName="flex flex-row flex-wrap items-center justify-between gap-2"
      action={<AddEndpointDialog scope={scope} onRegistered={reveal('registered')} />}
      contentClassName="grid gap-4"
    >
      <p className="text-sm text-muted-foreground">
        Signed HTTP POSTs to your app when the chosen events happen, retried for up to 3 days.
      </p>
      {revealed ? <SecretNotice revealed={revealed} onDone={() => setRevealed(null)} /> : null}
      <ListRead read={endpoints} loadingLabel="Loading webhook endpoints...">
        {({ endpoints: list }) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No webhook endpoints yet. Add one to have events delivered to your app.
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="Webhook endpoints">
              {list.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  scope={scope}
                  endpoint={endpoint}
                  onRotated={reveal('rotated')}
                />
              ))}
            </ul>
          )
        }
      </ListRead>
    </SectionCard>
  );
}
