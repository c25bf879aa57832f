import { Readable } from 'node:stream';

export class PayloadTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The request body exceeds the limit of ${limitBytes} bytes.`);
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * Streams `source` through unchanged but fails with PayloadTooLargeError once more than `limitBytes` arrived, so a
 * chunked body without Content-Length cannot exceed the limit. On overflow it stops reading without destroying
 * `source`: the request socket must stay open long enough to carry the 413 answer.
 */
export function limitBody(source: Readable, limitBytes: number): Readable {
  let received = 0;
  let ended = false;
  const limited = new Readable({
    read() {
      source.resume();
    },
  });
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limitBytes) {
      detach();
      source.pause();
      limited.destroy(new PayloadTooLargeError(limitBytes));
      return;
    }
    if (!limited.push(chunk)) source.pause();
  };
  const onEnd = () => {
    ended = true;
    detach();
    limited.push(null);
  };
  const onError = (error: Error) => {
    detach();
    limited.destroy(error);
  };
  const onClose = () => {
    if (!ended) onError(new Error('Client closed the request before its body was complete'));
  };
  function detach() {
    source.off('data', onData);
    source.off('end', onEnd);
    source.off('error', onError);
    source.off('close', onClose);
  }
  source.on('data', onData);
  source.on('end', onEnd);
  source.on('error', onError);
  source.on('close', onClose);
  return limited;
}
