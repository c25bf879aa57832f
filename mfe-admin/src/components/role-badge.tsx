import { Badge } from '@app/ui';

/** SPEC.md §2 "User details": admin in the destructive style, tenant the default one, anything else secondary. */
export function roleBadgeVariant(role: string): 'destructive' | 'default' | 'secondary' {
  if (role === 'admin') return 'destructive';
  if (role === 'tenant') return 'default';
  return 'secondary';
}

/** The role as text, so the colour is never the only signal. */
export function RoleBadge({ role }: { role: string }) {
  return <Badge variant={roleBadgeVariant(role)}>{role}</Badge>;
}
