import { describe, expect, it } from 'vitest';
import { remoteRoutes, remotesByFirstSegment } from '../src/federation/remote-routes.js';

describe("the remote routes' first segments, for the gateway's hints", () => {
  it('name the remote and every screen under each', () => {
    const segments = remotesByFirstSegment(remoteRoutes);
    expect(segments.billing).toEqual({ remote: 'mfe_customer', screens: ['billing', 'invoice'] });
    expect(segments['tenant-details']).toEqual({ remote: 'mfe_admin', screens: ['tenant-details'] });
    expect(segments.admin).toEqual({ remote: 'mfe_admin', screens: ['admin-dashboard'] });
  });

  it('refuse a segment two remotes would serve', () => {
    expect(() =>
      remotesByFirstSegment([
        { path: '/reports', remote: 'mfe_customer', screen: 'reports', access: 'signed-in' },
        { path: '/reports/:id', remote: 'mfe_admin', screen: 'report', access: 'admin' },
      ]),
    ).toThrow('/reports is served by both mfe_customer and mfe_admin');
  });
});
