/**
 * The JetStream stream notifications owns. It publishes no domain events (deliveries go out as email and webhook
 * POSTs); its stream carries the audit entries of its webhook endpoints (audit/audit-entry.ts).
 */
export const notificationsStream = { name: 'NOTIFICATIONS', subjects: ['notifications.>'] } as const;
