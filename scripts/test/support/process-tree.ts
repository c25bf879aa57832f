import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface ProcessEntry {
  pid: number;
  ppid: number;
  args: string;
}

const run = promisify(execFile);

/** Every process under `pid` (children, their children, …), from `ps`: the launcher's children run detached. */
export async function descendants(pid: number): Promise<ProcessEntry[]> {
  const { stdout } = await run('ps', ['-e', '-o', 'pid=,ppid=,args=']);
  const all = stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, child, parent, args]) => ({ pid: Number(child), ppid: Number(parent), args: args ?? '' }));
  const found: ProcessEntry[] = [];
  const parents = [pid];
  for (let parent = parents.pop(); parent !== undefined; parent = parents.pop()) {
    for (const entry of all.filter((candidate) => candidate.ppid === parent)) {
      found.push(entry);
      parents.push(entry.pid);
    }
  }
  return found;
}

/** Whether `pid` still exists (a zombie counts: the launcher reaps its children as they exit). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
