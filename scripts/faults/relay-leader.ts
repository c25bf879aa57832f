import { readdir, readFile, readlink } from 'node:fs/promises';
import pg from 'pg';
import type { ManagedProcess } from './managed-process.js';

/**
 * Which of a service's running instances leads its relay. The leader holds a session advisory lock keyed
 * (hashtext('relay'), …) on one of its pool's connections (libs/eventing/src/relay/leader-lock.ts), whose
 * application_name is the service's schema. Postgres knows the client port of that connection; the instance is
 * the process holding the socket on that port (Linux /proc). Undefined while nobody leads.
 */
export async function relayLeader(
  adminUrl: string,
  service: string,
  instances: readonly ManagedProcess[],
): Promise<ManagedProcess | undefined> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  let ports: number[];
  try {
    const { rows } = await client.query<{ client_port: number }>(
      `SELECT activity.client_port FROM pg_locks AS lock JOIN pg_stat_activity AS activity USING (pid)
       WHERE lock.locktype = 'advisory' AND lock.granted AND lock.objsubid = 2
         AND lock.classid::text::bigint = (hashtext('relay')::bigint + 4294967296) % 4294967296
         AND activity.application_name = $1`,
      [service],
    );
    ports = rows.map((row) => row.client_port);
  } finally {
    await client.end();
  }
  for (const port of ports) {
    const inodes = await socketInodes(port);
    for (const instance of instances) {
      if (instance.pid !== undefined && (await holdsSocket(instance.pid, inodes))) return instance;
    }
  }
  return undefined;
}

/** The inodes of the TCP sockets whose local port is `port` (/proc/net/tcp and tcp6, ports in hex). */
async function socketInodes(port: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      if (local && parseInt(local.split(':')[1] ?? '', 16) === port && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

async function holdsSocket(pid: number, inodes: ReadonlySet<string>): Promise<boolean> {
  const descriptors = await readdir(`/proc/${pid}/fd`).catch(() => []);
  for (const descriptor of descriptors) {
    const target = await readlink(`/proc/${pid}/fd/${descriptor}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}
