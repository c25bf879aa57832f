import { PreconditionFailedError } from '@app/domain';

/**
 * Runs `attempt` again, from its read, when the stream moved between that read and the append it pinned to the
 * read's revision; up to `attempts` times, then the conflict stands.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, attempts = 3): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof PreconditionFailedError) || tried >= attempts) throw error;
    }
  }
}
