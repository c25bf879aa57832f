export * from './payment-provider.js';
export * from './provider-errors.js';
export * from './provider-config.js';
export {
  createSandboxProvider,
  type SandboxConfirmation,
  type SandboxConfirmInput,
  type SandboxProvider,
  type SandboxProviderOptions,
} from './sandbox/sandbox-provider.js';
export type { SandboxCard } from './sandbox/test-cards.js';
export type { SandboxSetupConfirmation } from './sandbox/sandbox-setup.js';
export {
  createStripeProvider,
  type StripeApiBase,
  type StripeProvider,
  type StripeProviderOptions,
} from './stripe/stripe-provider.js';
export type { StripeWebhookFact } from './stripe/stripe-webhooks.js';
