import { Badge, Button, cn } from '@app/ui';
import type { CurrentUser } from '@app/contracts';
import { BellIcon } from 'lucide-react';
import { NavLink as RouterNavLink } from '@app/routing';
import { Logo } from './logo.js';
import { MobileMenu } from './mobile-menu.js';
import { navLinks } from './nav-links.js';
import { UserMenu } from './user-menu.js';

/** SPEC.md §9: the bell's badge is a fixed 3; no notification call exists. */
const notificationBadge = 3;

/** The signed-in top bar (SPEC.md §2 "Navigation bar"): sticky, role links, bell, avatar menu. */
export function NavigationBar({ user }: { user: CurrentUser }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          <MobileMenu role={user.role} />
          <Logo />
        </div>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navLinks(user.role).map((link) => (
            <RouterNavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-primary/10 text-primary'
                    : 'text-muted-foreground hover:bg-secondary hover:text-foreground',
                )
              }
            >
              {link.label}
            </RouterNavLink>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={`Notifications: ${notificationBadge} unread`}
          >
            <BellIcon aria-hidden="true" />
            <Badge
              variant="destructive"
              className="absolute -top-1 -right-1 size-5 justify-center px-0"
              aria-hidden="true"
            >
              {notificationBadge}
            </Badge>
          </Button>
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
