import { describe, expect, it } from 'vitest';
import { criticalPath, type TimedRequest } from '../critical-path.js';

const request = (url: string, startTime: number, responseEnd: number, transferSize = 500): TimedRequest => ({
  url,
  startTime,
  responseEnd,
  transferSize,
});

describe('criticalPath', () => {
  it('counts the requests that waited on one another, and those sent side by side once', () => {
    const requests = [
      request('/assets/index.js', 20, 200),
      request('/assets/react.js', 21, 210),
      request('/api/auth/user', 220, 400),
      request('/remotes.json', 221, 380),
      request('/remotes/mfe-customer/remoteEntry.js', 410, 600),
      request('/api/usage', 610, 800),
    ];
    const path = criticalPath(requests, 10, 820);
    expect(path.chain.map((step) => step.url)).toEqual([
      '/assets/react.js',
      '/api/auth/user',
      '/remotes/mfe-customer/remoteEntry.js',
      '/api/usage',
    ]);
    expect(path.requestsBeforeContent).toBe(6);
    expect(path.bytesBeforeContent).toBe(6 * 500);
  });

  it('leaves out what the cache answered, what came before the HTML and what came after the content', () => {
    const requests = [
      request('/favicon', 0, 5),
      request('/assets/index.js', 20, 21, 0),
      request('/api/products', 30, 200, 1_200),
      request('/assets/toaster.js', 300, 400),
    ];
    const path = criticalPath(requests, 10, 250);
    expect(path.chain.map((step) => step.url)).toEqual(['/api/products']);
    expect(path.requestsBeforeContent).toBe(1);
    expect(path.bytesBeforeContent).toBe(1_200);
  });

  it('is empty for a page whose content came with the HTML', () => {
    expect(criticalPath([request('/assets/late.js', 100, 300)], 10, 50)).toEqual({
      chain: [],
      requestsBeforeContent: 0,
      bytesBeforeContent: 0,
    });
  });
});
