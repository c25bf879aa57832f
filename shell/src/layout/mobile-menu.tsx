import { Button, cn, Sheet, SheetContent, SheetTitle, SheetTrigger } from '@app/ui';
import type { CurrentUser } from '@app/contracts';
import { MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { NavLink as RouterNavLink } from '@app/routing';
import { generalLinks, roleLinks, type NavLink } from './nav-links.js';

/** Below the md breakpoint the links move into a slide-out menu with a General section (SPEC.md §2). */
export function MobileMenu({ role }: { role: CurrentUser['role'] }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72" aria-describedby={undefined}>
        <SheetTitle className="px-3">Menu</SheetTitle>
        <nav aria-label="Mobile" className="mt-6 flex flex-col gap-6">
          <LinkGroup links={roleLinks(role)} onNavigate={close} />
          <div>
            <h2 className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              General
            </h2>
            <LinkGroup links={generalLinks} onNavigate={close} />
          </div>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

function LinkGroup({ links, onNavigate }: { links: readonly NavLink[]; onNavigate: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {links.map((link) => (
        <li key={link.to}>
          <RouterNavLink
            to={link.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'block rounded-md px-3 py-2 text-sm font-medium',
                isActive ? 'bg-primary/10 text-primary' : 'text-foreground hover:bg-secondary',
              )
            }
          >
            {link.label}
          </RouterNavLink>
        </li>
      ))}
    </ul>
  );
}
