/**
 * `@app/eventing/nats`: NATS connection and stream set-up alone, for processes that publish to JetStream but
 * keep no event store (the gateway), so their bundle does not carry pg and the KurrentDB client.
 */
export { connectNats, type ConnectNatsOptions } from './connect.js';
export { defaultDuplicateWindowMs, ensureStream, type StreamOptions } from './stream.js';
