import { billingStream } from '../billing/integration-events.js';
import { catalogStream } from '../catalog/integration-events.js';
import { identityStream } from '../identity/integration-events.js';
import { notificationsStream } from '../notifications/integration-events.js';
import { tenancyStream } from '../tenancy/integration-events.js';
import { auditEntrySubject, type AuditProducer } from './audit-entry.js';

/** Where each producer's audit entries are: its own stream, one subject. The audit service consumes all five. */
export const auditSources: readonly {
  producer: AuditProducer;
  stream: { name: string; subjects: readonly string[] };
  subject: string;
}[] = [
  { producer: 'catalog', stream: catalogStream, subject: auditEntrySubject('catalog') },
  { producer: 'identity', stream: identityStream, subject: auditEntrySubject('identity') },
  { producer: 'tenancy', stream: tenancyStream, subject: auditEntrySubject('tenancy') },
  { producer: 'billing', stream: billingStream, subject: auditEntrySubject('billing') },
  { producer: 'notifications', stream: notificationsStream, subject: auditEntrySubject('notifications') },
];
