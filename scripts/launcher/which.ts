import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export function findOnPath(command: string, path = process.env.PATH ?? ''): string | undefined {
  for (const directory of path.split(delimiter)) {
    const candidate = join(directory, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}
