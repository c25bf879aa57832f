/** The audit service's process entry: telemetry first, then the rest (see bootService). */
import { bootService } from '@app/service-kit/telemetry';
import { loadConfig } from './config.js';

bootService(loadConfig, () => import('./main.js'));
