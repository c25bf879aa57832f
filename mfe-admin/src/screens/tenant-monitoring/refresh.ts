import { tenantMetricsRefetchIntervalMs } from '@app/web-data';

/** SPEC.md §9: the data refresh rate shown is the polling interval the data layer uses, in minutes. */
export const refreshRateLabel = `${tenantMetricsRefetchIntervalMs / 60_000} minutes`;
