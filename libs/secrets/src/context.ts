/**
 * The contexts secrets are sealed for, in one place so the sealing and the opening side always agree. The
 * context is authenticated with the ciphertext: a value opens only under the exact context it was sealed for.
 */
export const secretContexts = {
  tenantProviderPassword: (tenantId: string, group: string) => `tenant:${tenantId}:${group}`,
  subscriptionMetricsApiKey: (subscriptionId: string) => `subscription:${subscriptionId}:metricsApiKey`,
  webhookEndpointSecret: (endpointId: string) => `webhook-endpoint:${endpointId}:secret`,
  emailSendPayload: (eventId: string, message: string) => `email-send:${eventId}:${message}:payload`,
};
