import {
  Avatar,
  AvatarFallback,
  AvatarImage,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@app/ui';
import type { CurrentUser } from '@app/contracts';
import { signOutPath } from '@app/web-data';
import { LogOutIcon, SettingsIcon } from 'lucide-react';
import { Link } from '@app/routing';
import { avatarLetter, fullName } from './nav-links.js';

/** The avatar dropdown: full name and email, Settings and Log out (a navigation, SPEC.md §2). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const name = fullName(user);
  // Not modal: a modal menu hides the whole page from screen readers (aria-hidden on #root) while its focusable
  // controls stay reachable, which axe reports as serious; the menu still closes on Escape and outside clicks.
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <Avatar>
            {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
            <AvatarFallback>{avatarLetter(user)}</AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          {name ? <p className="text-sm font-medium text-foreground">{name}</p> : null}
          {user.email ? <p className="truncate text-xs text-muted-foreground">{user.email}</p> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <SettingsIcon aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={signOutPath}>
            <LogOutIcon aria-hidden="true" />
            Log out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
