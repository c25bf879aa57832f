/** A logger that drops everything, for code under test that must be given one. */
export const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};
