import type { SealedSecret } from '@app/secrets/sealed-secret';

/** Stand-ins for values @app/secrets sealed before the command was made: the deciders only compare them. */
export const sealed = (n: number): SealedSecret => ({
  keyId: 'k2026a',
  iv: `iv${n}`.padEnd(16, 'A'),
  ciphertext: `c${n}`,
  tag: `t${n}`.padEnd(22, 'A'),
});
