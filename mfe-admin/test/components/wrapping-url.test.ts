import { describe, expect, it } from 'vitest';
import { urlSegments } from '../../src/components/wrapping-url.js';

describe('urlSegments: where a URL may wrap', () => {
  it('keeps the scheme with its "://", a port after its colon, and each host label and path step whole', () => {
    expect(urlSegments('http://127.0.0.1:14100/api/metrics')).toEqual([
      'http://',
      '127',
      '.0',
      '.0',
      '.1:',
      '14100',
      '/api',
      '/metrics',
    ]);
  });

  it('breaks before a query, a fragment and their separators, and before a hyphen or an underscore', () => {
    expect(urlSegments('https://app.acme-corp.example.com/a_b?x=1&y=2#top')).toEqual([
      'https://',
      'app',
      '.acme',
      '-corp',
      '.example',
      '.com',
      '/a',
      '_b',
      '?x',
      '=1',
      '&y',
      '=2',
      '#top',
    ]);
  });

  it('never gives an empty segment, and leaves text without separators whole', () => {
    expect(urlSegments('/path//to/')).toEqual(['/path', '//to', '/']);
    expect(urlSegments('localhost')).toEqual(['localhost']);
    expect(urlSegments('')).toEqual([]);
  });
});
