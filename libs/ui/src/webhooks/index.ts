export { WebhooksPanel } from './webhooks-panel.js';
