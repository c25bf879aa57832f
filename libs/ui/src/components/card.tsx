import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.js';
import { withClassName } from '../lib/with-class-name.js';

export const Card = withClassName(
  'div',
  'card',
  'rounded-xl border border-border bg-card text-card-foreground shadow-card',
);

export const CardHeader = withClassName('div', 'card-header', 'flex flex-col gap-1.5 p-6');

/** A heading (h3) so screen-reader users can jump between cards; `asChild` picks another level. */
export function CardTitle({
  className,
  asChild = false,
  ...props
}: ComponentProps<'h3'> & { asChild?: boolean }) {
  const Component = asChild ? Slot : 'h3';
  return (
    <Component
      data-slot="card-title"
      className={cn('text-lg leading-tight font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export const CardDescription = withClassName('p', 'card-description', 'text-sm text-muted-foreground');

export const CardContent = withClassName('div', 'card-content', 'p-6 pt-0');

export const CardFooter = withClassName('div', 'card-footer', 'flex items-center p-6 pt-0');

export interface SectionCardProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** The section's heading, an h2. */
  title: ReactNode;
  /** Under the title, muted. */
  description?: ReactNode;
  /** Beside the title in the header (an Add button, edit controls); the header's class lays them out. */
  action?: ReactNode;
  headerClassName?: string;
  titleClassName?: string;
  contentClassName?: string;
}

/** A card that is one section of a page: its h2 title (with a description, an action) over its content. */
export function SectionCard({
  title,
  description,
  action,
  headerClassName,
  titleClassName,
  contentClassName,
  children,
  ...card
}: SectionCardProps) {
  return (
    <Card {...card}>
      <CardHeader className={headerClassName}>
        <CardTitle asChild className={titleClassName}>
          <h2>{title}</h2>
        </CardTitle>
        {description === undefined ? null : <CardDescription>{description}</CardDescription>}
        {action}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
