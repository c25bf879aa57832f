export { buildDemoApp, type DemoAppOptions } from './app.js';
export { demoMetricsDocument, type DemoClock } from './metrics-document.js';
export { demoWebhookFileSchema, readDemoWebhookFile, type DemoWebhookFile } from './webhook-secret-file.js';
