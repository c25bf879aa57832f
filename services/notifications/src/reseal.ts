/**
 * `npm run reseal -w @app/notifications` (in a container `node dist/reseal.cjs`): after a new key went first in
 * SECRETS_KEYS, reseals every webhook signing secret an older key sealed; a second run does nothing
 * (docs/operations.md "Rotate the secrets key ring"). Never prints a secret or a key.
 */
import { runEntryCommand } from '@app/service-kit/entry';
import { entryCommand } from '@app/service-kit/runtime';
import { loadKeyRingConfig } from './config.js';
import { openNotificationsStorage } from './runtime.js';
import { resealAllEndpointSecrets } from './webhooks/application/reseal-endpoint-secrets.js';

const reseal = entryCommand(loadKeyRingConfig, async ({ eventStore, pool }, config) => {
  const keyRing = config.SECRETS_KEYS;
  const summary = await resealAllEndpointSecrets({ pool, eventStore, keyRing, now: () => new Date() });
  console.log(
    `resealed under key "${keyRing.currentKeyId}": the signing secrets of ${summary.endpointsResealed} of ` +
      `${summary.endpointsChecked} webhook endpoints`,
  );
});

runEntryCommand('reseal', reseal, (settings) => openNotificationsStorage(settings, console));
