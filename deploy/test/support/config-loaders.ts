import { loadDemoConfig } from '../../../demo/tenant-app/src/config.js';
import { loadConfig as loadAuditConfig } from '../../../services/audit/src/config.js';
import { loadConfig as loadGatewayConfig } from '../../../gateway/src/config.js';
import {
  loadConfig as loadBillingConfig,
  loadSeedConfig as loadBillingSeedConfig,
} from '../../../services/billing/src/config.js';
import {
  loadConfig as loadCatalogConfig,
  loadStorageConfig as loadCatalogStorageConfig,
} from '../../../services/catalog/src/config.js';
import {
  loadConfig as loadIdentityConfig,
  loadStorageConfig as loadIdentityStorageConfig,
} from '../../../services/identity/src/config.js';
import { loadConfig as loadMonitoringConfig } from '../../../services/monitoring/src/config.js';
import { loadConfig as loadNotificationsConfig } from '../../../services/notifications/src/config.js';
import {
  loadConfig as loadTenancyConfig,
  loadSeedConfig as loadTenancySeedConfig,
} from '../../../services/tenancy/src/config.js';

/**
 * Each deployable's own configuration loader, the one its process runs at start: a manifest's environment is
 * right when the loader accepts it, so the deploy tests check it with these rather than with a copy of the rules.
 */
export const loadConfigOf = {
  catalog: loadCatalogConfig,
  identity: loadIdentityConfig,
  tenancy: loadTenancyConfig,
  billing: loadBillingConfig,
  monitoring: loadMonitoringConfig,
  notifications: loadNotificationsConfig,
  audit: loadAuditConfig,
  gateway: loadGatewayConfig,
  'demo-tenant-app': loadDemoConfig,
};

/** The loader of each service's seed, run in the service's image as `dist/seed.cjs`. */
export const loadSeedConfigOf = {
  catalog: loadCatalogStorageConfig,
  identity: loadIdentityStorageConfig,
  tenancy: loadTenancySeedConfig,
  billing: loadBillingSeedConfig,
};
