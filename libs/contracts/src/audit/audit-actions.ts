/**
 * What the audit trail names (issue 21): each kind of entity an entry is about, and each action, with the words
 * the Activity screens and the CSV show. Every producer's audit mapping may use only these, so a new stored event
 * needs its action here too; the consumer accepts an action it does not know yet (a newer producer) and shows it
 * as it is.
 */
export const auditEntityTypeLabels = {
  product: 'Product',
  user: 'User',
  tenant: 'Tenant',
  subscription: 'Subscription',
  'billing-account': 'Billing account',
  payment: 'Payment',
  invoice: 'Invoice',
  'webhook-endpoint': 'Webhook endpoint',
} as const;
export type AuditEntityType = keyof typeof auditEntityTypeLabels;
export const auditEntityTypes = Object.keys(auditEntityTypeLabels) as AuditEntityType[];

export const auditActionLabels = {
  'product.created': 'Product created',
  'product.updated': 'Product updated',
  'product.activated': 'Product activated',
  'product.deactivated': 'Product deactivated',
  'product.deleted': 'Product deleted',

  'user.registered': 'User registered',
  'user.profile-changed': 'Profile changed',
  'user.role-changed': 'Role changed',
  'user.password-set': 'Password set',
  'user.notification-preferences-changed': 'Notification settings changed',
  'user.deactivated': 'User deactivated',
  'user.view-as-started': 'View as customer started',
  'user.view-as-ended': 'View as customer ended',

  'tenant.created': 'Tenant created',
  'tenant.renamed': 'Tenant renamed',
  'tenant.status-changed': 'Tenant status changed',
  'tenant.domain-changed': 'Tenant domain changed',
  'tenant.provider-credentials-changed': 'Service provider credentials changed',
  'tenant.credential-revealed': 'Provider password revealed',

  'subscription.started': 'Subscription started',
  'subscription.status-changed': 'Subscription status changed',
  'subscription.endpoint-configured': 'Monitoring endpoint configured',
  'subscription.cancellation-scheduled': 'Set to cancel at period end',
  'subscription.cancellation-withdrawn': 'Cancellation withdrawn',
  'subscription.plan-applied': 'Plan applied',
  'subscription.term-ended': 'Paid term ended',
  'subscription.plan-change-scheduled': 'Plan change scheduled',
  'subscription.plan-change-withdrawn': 'Scheduled plan change withdrawn',
  'subscription.upgrade-started': 'Upgrade started',
  'subscription.upgrade-awaiting-authentication': 'Upgrade awaiting card authentication',
  'subscription.upgrade-declined': 'Upgrade declined',
  'subscription.plan-changed': 'Plan changed',
  'subscription.renewal-announced': 'Renewal announced',

  'billing-account.created': 'Billing account created',
  'billing-account.card-setup-started': 'Card replacement started',
  'billing-account.card-saved': 'Card on file saved',
  'billing-account.card-setup-failed': 'Card refused',

  'payment.created': 'Payment started',
  'payment.succeeded': 'Payment succeeded',
  'payment.failed': 'Payment declined',

  'invoice.issued': 'Invoice issued',
  'invoice.paid': 'Invoice paid',
  'invoice.payment-attempted': 'Invoice payment attempted',
  'invoice.payment-failed': 'Invoice payment failed',
  'invoice.overdue': 'Invoice overdue',
  'invoice.tenant-assigned': 'Invoice tenant assigned',

  'webhook-endpoint.registered': 'Webhook endpoint registered',
  'webhook-endpoint.event-types-changed': 'Webhook event types changed',
  'webhook-endpoint.enabled': 'Webhook endpoint enabled',
  'webhook-endpoint.disabled': 'Webhook endpoint disabled',
  'webhook-endpoint.deleted': 'Webhook endpoint deleted',
  'webhook-endpoint.secret-rotated': 'Webhook signing secret rotated',
  'webhook-endpoint.marked-failing': 'Webhook endpoint marked failing',
  'webhook-endpoint.secrets-resealed': 'Webhook signing secrets resealed',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

/** The words of an action, or the action itself when this build does not know it yet. */
export function auditActionLabel(action: string): string {
  return (auditActionLabels as Record<string, string>)[action] ?? action;
}

export function auditEntityTypeLabel(type: string): string {
  return (auditEntityTypeLabels as Record<string, string>)[type] ?? type;
}

/**
 * What an entry says of a secret in place of its value (issue 21: "Secrets never appear"): that it was set,
 * changed, cleared or revealed, never any of its text, sealed or not.
 */
export const auditSecretOutcomeLabels = {
  set: 'set',
  changed: 'changed',
  cleared: 'cleared',
  revealed: 'revealed',
} as const;
export type AuditSecretOutcome = keyof typeof auditSecretOutcomeLabels;
