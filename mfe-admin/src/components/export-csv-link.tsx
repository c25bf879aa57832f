import { buttonVariants } from '@app/ui';
import { Download } from 'lucide-react';

/**
 * Export CSV of a list as the screen filters it (issue 21 item 4): a download link to the server's export, which
 * streams the whole filtered list, not only the pages loaded; the browser saves it as it arrives.
 */
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <a href={href} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Download aria-hidden="true" />
      Export CSV
    </a>
  );
}
