import { join } from 'node:path';
import { startProcess, type RunningProcess } from './processes.js';
import { waitForPort } from './wait.js';

/**
 * maildev (a root dev dependency) as a child process, SMTP and its web inbox on 127.0.0.1 only: the mail the
 * platform sends lands there for a newcomer to read. Its CLI, not its API: maildev 3 is ESM-only and its
 * programmatic API differs from v2's (shared/TOOLCHAIN.md). Stopped after every service has drained.
 */
export async function startMailCatcher(
  checkout: string,
  ports: { smtp: number; web: number },
  own: (server: RunningProcess) => void,
): Promise<{ smtpUrl: string; inboxUrl: string }> {
  const cli = join(checkout, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  const catcher = startProcess('maildev', process.execPath, [
    cli,
    '--ip',
    '127.0.0.1',
    '--smtp',
    String(ports.smtp),
    '--web-ip',
    '127.0.0.1',
    '--web',
    String(ports.web),
  ]);
  own(catcher);
  await Promise.race([
    Promise.all([waitForPort('127.0.0.1', ports.smtp, 15_000), waitForPort('127.0.0.1', ports.web, 15_000)]),
    catcher.exited.then(() => {
      throw new Error(
        `maildev exited while starting (are ports ${ports.smtp} and ${ports.web} taken? set MAILDEV_SMTP_PORT ` +
          'and MAILDEV_WEB_PORT, or SMTP_URL to use a mail server of your own)',
      );
    }),
  ]);
  return { smtpUrl: `smtp://127.0.0.1:${ports.smtp}`, inboxUrl: `http://localhost:${ports.web}` };
}
