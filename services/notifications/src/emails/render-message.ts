import { createElement, type ReactElement } from 'react';
import { render } from '@react-email/render';
import { messagePayloadSchemas, type MessageKind, type MessagePayload } from '../domain/messages.js';
import { CancellationScheduledEmail, cancellationScheduledSubject } from './cancellation-scheduled-email.js';
import { PasswordChangedEmail, passwordChangedSubject } from './password-changed-email.js';
import { PasswordSetupEmail, passwordSetupSubject } from './password-setup-email.js';
import { PaymentFailedEmail, paymentFailedSubject } from './payment-failed-email.js';
import { PlanChangedEmail, planChangedSubject } from './plan-changed-email.js';
import { ReceiptEmail, receiptSubject } from './receipt-email.js';
import { RenewalReminderEmail, renewalReminderSubject } from './renewal-reminder-email.js';
import { SubscriptionCancelledEmail, subscriptionCancelledSubject } from './subscription-cancelled-email.js';
import { SubscriptionSuspendedEmail, subscriptionSuspendedSubject } from './subscription-suspended-email.js';
import { TrialEndingEmail, trialEndingSubject } from './trial-ending-email.js';
import {
  WebhookEndpointFailingEmail,
  webhookEndpointFailingSubject,
} from './webhook-endpoint-failing-email.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface Template<Kind extends MessageKind> {
  subject(payload: MessagePayload<Kind>): string;
  body(payload: MessagePayload<Kind>): ReactElement;
}

/** Each message's subject and React body; React escapes every value it writes (STYLE.md). */
const templates: { [Kind in MessageKind]: Template<Kind> } = {
  receipt: { subject: receiptSubject, body: (payload) => createElement(ReceiptEmail, payload) },
  'subscription-suspended': {
    subject: subscriptionSuspendedSubject,
    body: (payload) => createElement(SubscriptionSuspendedEmail, payload),
  },
  'subscription-cancelled': {
    subject: subscriptionCancelledSubject,
    body: (payload) => createElement(SubscriptionCancelledEmail, payload),
  },
  'cancellation-scheduled': {
    subject: cancellationScheduledSubject,
    body: (payload) => createElement(CancellationScheduledEmail, payload),
  },
  'plan-changed': {
    subject: planChangedSubject,
    body: (payload) => createElement(PlanChangedEmail, payload),
  },
  'payment-failed': {
    subject: paymentFailedSubject,
    body: (payload) => createElement(PaymentFailedEmail, payload),
  },
  'renewal-reminder': {
    subject: renewalReminderSubject,
    body: (payload) => createElement(RenewalReminderEmail, payload),
  },
  'trial-ending': {
    subject: trialEndingSubject,
    body: (payload) => createElement(TrialEndingEmail, payload),
  },
  'webhook-endpoint-failing': {
    subject: webhookEndpointFailingSubject,
    body: (payload) => createElement(WebhookEndpointFailingEmail, payload),
  },
  'password-changed': {
    subject: passwordChangedSubject,
    body: (payload) => createElement(PasswordChangedEmail, payload),
  },
  'password-setup': {
    subject: passwordSetupSubject,
    body: (payload) => createElement(PasswordSetupEmail, payload),
  },
};

/** A stored send as mail: the payload checked against its message's schema, then HTML and its plain-text part. */
export async function renderMessage(kind: MessageKind, storedPayload: unknown): Promise<RenderedEmail> {
  const payload = messagePayloadSchemas[kind].parse(storedPayload) as MessagePayload<typeof kind>;
  const template = templates[kind] as Template<typeof kind>;
  const body = template.body(payload);
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { subject: template.subject(payload), html, text };
}
