import { describe, expect, it } from 'vitest';
import { monitorPath as dashboardMonitorPath } from '../../src/screens/admin-dashboard/monitor-path.js';
import { monitorPath as portalMonitorPath } from '../../src/screens/admin-portal/monitor-path.js';

describe('Monitor link targets (SPEC.md §2)', () => {
  it('leads the Admin Dashboard to the tenant monitoring page on that subscription, ids encoded', () => {
    expect(dashboardMonitorPath('t 1/2', { id: 's&1' })).toBe(
      '/tenant-monitoring/t%201%2F2?subscription=s%261',
    );
  });

  it('leads the Admin Portal to analytics for the tenant and product, ids encoded', () => {
    expect(portalMonitorPath('t&1', { productId: 'p=2' })).toBe('/analytics?tenant=t%261&product=p%3D2');
  });
});
