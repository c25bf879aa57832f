/**
 * Figure 12's count of round trips: how many requests, one waiting on another, stood between the HTML and the
 * screen's content. From the page's Resource Timing entries (ms from navigation start), pure.
 */

export interface TimedRequest {
  url: string;
  startTime: number;
  responseEnd: number;
  /** 0 when the browser answered it from its cache without asking the server (no round trip). */
  transferSize: number;
}

export interface CriticalPath {
  /** The chain, earliest first: each request was sent after the one before it was answered. */
  chain: TimedRequest[];
  /** Requests that went to the network and were sent before the content showed. */
  requestsBeforeContent: number;
  /** What those requests moved over the network (`transferSize`: headers and the compressed body), in bytes. */
  bytesBeforeContent: number;
}

/**
 * Walks back from the content: the request answered last before it, then the one answered last before that one
 * was sent, and so on until none is left after the HTML's first byte. Each step is a round trip the content
 * waited on; requests sent side by side count once, however many there are.
 */
export function criticalPath(
  requests: readonly TimedRequest[],
  htmlResponseStart: number,
  contentAt: number,
): CriticalPath {
  const fromNetwork = requests.filter(
    (request) => request.transferSize > 0 && request.startTime >= htmlResponseStart,
  );
  const chain: TimedRequest[] = [];
  let before = contentAt;
  for (;;) {
    const last = latestAnsweredBy(fromNetwork, before);
    if (!last) break;
    chain.unshift(last);
    before = last.startTime;
  }
  const beforeContent = fromNetwork.filter((request) => request.startTime < contentAt);
  return {
    chain,
    requestsBeforeContent: beforeContent.length,
    bytesBeforeContent: beforeContent.reduce((sum, request) => sum + request.transferSize, 0),
  };
}

function latestAnsweredBy(requests: readonly TimedRequest[], time: number): TimedRequest | undefined {
  let latest: TimedRequest | undefined;
  for (const request of requests) {
    if (request.responseEnd > time) continue;
    if (!latest || request.responseEnd > latest.responseEnd) latest = request;
  }
  return latest;
}
