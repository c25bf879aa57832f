import { renderToStaticMarkup } from 'react-dom/server';
import type { ReceivedDelivery } from './webhook-receiver.js';

const cell = { borderBottom: '1px solid #e2e8f0', padding: '6px 10px', textAlign: 'left' as const };

/** "verified", "verified (repeat)" or "refused". */
function outcomeOf(delivery: ReceivedDelivery): string {
  if (delivery.outcome === 'refused') return 'refused';
  return delivery.repeat ? 'verified (repeat)' : 'verified';
}

function WebhookPage(props: { deliveries: readonly ReceivedDelivery[]; registered: boolean }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="refresh" content="5" />
        <title>Demo tenant app: webhook deliveries</title>
      </head>
      <body style={{ fontFamily: 'Helvetica, Arial, sans-serif', margin: '24px', color: '#0f172a' }}>
        <main>
          <h1>Webhook deliveries</h1>
          <p>
            The demo tenant app receives the platform&apos;s webhooks at <code>POST /webhooks</code> and
            checks each Standard Webhooks signature with its endpoint&apos;s signing secret.{' '}
            {props.registered
              ? 'Its endpoint is registered.'
              : 'No signing secret is registered yet: deliveries are refused.'}{' '}
            This page refreshes every 5 seconds and shows the latest deliveries this process received.
          </p>
          {props.deliveries.length === 0 ? (
            <p>No deliveries yet. Buy or change a subscription of the demo tenant to cause one.</p>
          ) : (
            <table style={{ borderCollapse: 'collapse' }}>
              <caption style={{ textAlign: 'left', padding: '6px 0' }}>
                Latest deliveries, newest first
              </caption>
              <thead>
                <tr>
                  {['Received (UTC)', 'Signature', 'Event type', 'Webhook id', 'Why refused'].map((name) => (
                    <th key={name} scope="col" style={cell}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.deliveries.map((delivery, index) => (
                  <tr key={`${delivery.receivedAt}-${index}`}>
                    <td style={cell}>{delivery.receivedAt.replace('T', ' ').slice(0, 19)}</td>
                    <td style={{ ...cell, color: delivery.outcome === 'verified' ? '#166534' : '#b91c1c' }}>
                      {outcomeOf(delivery)}
                    </td>
                    <td style={cell}>{delivery.eventType ?? '(none)'}</td>
                    <td style={cell}>
                      <code>{delivery.webhookId ?? '(none)'}</code>
                    </td>
                    <td style={cell}>{delivery.reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </main>
      </body>
    </html>
  );
}

/** The page as a whole document; React escapes every value a delivery brought. */
export function renderWebhookPage(deliveries: readonly ReceivedDelivery[], registered: boolean): string {
  return `<!doctype html>\n${renderToStaticMarkup(<WebhookPage deliveries={deliveries} registered={registered} />)}\n`;
}
