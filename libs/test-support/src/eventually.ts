/**
 * Reads until `accept` holds or the time is up, and answers the last value read: the caller's assertion then
 * says what was missing. For effects that happen after a message is handled, so nothing sleeps a fixed time.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  accept: (value: T) => boolean = Boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
