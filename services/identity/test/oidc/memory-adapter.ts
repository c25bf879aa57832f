import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/**
 * The test provider's storage, in memory and per provider: what oidc-provider's own development adapter does,
 * without its startup warning. Expiry is not enforced; a test provider lives for one test file.
 */
export function memoryAdapter(): AdapterFactory {
  const store = new Map<string, AdapterPayload>();
  const grants = new Map<string, string[]>();
  return (name: string): Adapter => {
    const key = (id: string) => `${name}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) =>
      [...store.entries()].find(([k, payload]) => k.startsWith(`${name}:`) && payload[field] === value)?.[1];
    return {
      async upsert(id, payload) {
        store.set(key(id), payload);
        if (payload.grantId) grants.set(payload.grantId, [...(grants.get(payload.grantId) ?? []), key(id)]);
      },
      async find(id) {
        return store.get(key(id));
      },
      async findByUid(uid) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode);
      },
      async consume(id) {
        const payload = store.get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const stored of grants.get(grantId) ?? []) store.delete(stored);
        grants.delete(grantId);
      },
    };
  };
}
