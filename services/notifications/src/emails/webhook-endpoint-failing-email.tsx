import { Button, Section, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import { formatMoment, greetingOf } from '../domain/formatting.js';
import { brand } from './brand.js';
import { EmailLayout, button, paragraph } from './email-layout.js';

type Failing = MessagePayload<'webhook-endpoint-failing'>;

export function webhookEndpointFailingSubject(failing: Failing): string {
  return `Action needed: a webhook endpoint of ${failing.tenantName} is failing`;
}

/**
 * A message's retries to the endpoint ran out (3 days without a 2xx), so it was marked failing and receives no
 * events until its owner enables it again in their settings (src/webhooks/README.md "Rules").
 */
export function WebhookEndpointFailingEmail(failing: Failing) {
  return (
    <EmailLayout
      preview={`${failing.endpointUrl} has not accepted a webhook since ${formatMoment(failing.failingSince)}`}
      heading="A webhook endpoint is failing"
      footer={`You receive mail about ${failing.tenantName}'s integrations because Email Notifications is on in your ${brand.name} settings.`}
    >
      <Text style={paragraph}>{greetingOf(failing.firstName)}</Text>
      <Text style={paragraph}>
        {`${failing.tenantName}'s webhook endpoint has not accepted a delivery since ${formatMoment(failing.failingSince)}. We retried for 3 days, so on ${formatMoment(failing.markedAt)} we marked it failing and stopped sending it events.`}
      </Text>
      <Section>
        <Text style={paragraph}>
          Endpoint: {failing.endpointUrl}
          <br />
          Failing since: {formatMoment(failing.failingSince)}
          <br />
          Last error: {failing.lastError}
        </Text>
      </Section>
      <Text style={paragraph}>
        Once the endpoint answers with a 2xx again, enable it under API &amp; Webhooks in your settings. Its
        delivery log there shows every attempt, and Redeliver sends a failed message again.
      </Text>
      <Button href={failing.settingsUrl} style={button}>
        Open settings
      </Button>
    </EmailLayout>
  );
}
