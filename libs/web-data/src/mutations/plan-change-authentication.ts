// Loaded only when billing answers a plan change with a bank's step (plan-change.ts): a chunk of its own.
export { planChangeAuthenticationSchema } from '@app/contracts';
