import { cn } from '@app/ui';
import { ExternalLink } from 'lucide-react';

/** A subscription's domain, opened in a new tab; long addresses wrap so a phone screen keeps them. */
export function DomainLink({ url, className }: { url: string; className?: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      {url}
      <ExternalLink className="size-3 shrink-0" aria-hidden />
    </a>
  );
}
