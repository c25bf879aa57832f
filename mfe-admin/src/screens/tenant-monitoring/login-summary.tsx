import type { TenantMetricsReply } from '@app/contracts';
import { Badge, TableBody, TableCell, TableHead, TableHeader, TableRow, cn, focusRing } from '@app/ui';
import { formatCount, formatDate } from './format.js';
import { MetricCard } from './metric-card.js';

/** User Login Summary (SPEC.md §2): one row per user the app reports; the table scrolls sideways on a phone. */
export function LoginSummaryCard({ users }: { users: TenantMetricsReply['users'] }) {
  return (
    <MetricCard title="User Login Summary" group={users} className="col-span-full">
      {({ user_login_summary: logins }) =>
        logins.length === 0 ? (
          <p className="text-sm text-muted-foreground">No logins reported</p>
        ) : (
          // Not the @app/ui Table, whose scroll box cannot take focus: on a phone this one scrolls sideways, and a
          // keyboard user scrolls it once focused (axe: scrollable-region-focusable).
          <div
            role="region"
            aria-label="User Login Summary"
            tabIndex={0}
            className={cn('relative w-full overflow-x-auto rounded-md', focusRing)}
          >
            <table aria-label="User Login Summary" className="w-full caption-bottom text-sm">
              <TableHeader>
                <TableRow>
                  <TableHead>Email</TableHead>
                  <TableHead>User ID</TableHead>
                  <TableHead>Last Login</TableHead>
                  <TableHead>Monthly Logins</TableHead>
                  <TableHead>Status</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {logins.map((login) => (
                  <TableRow key={login.user_id}>
                    <TableCell className="min-w-48 break-all">{login.email}</TableCell>
                    <TableCell className="font-mono text-xs">{login.user_id}</TableCell>
                    <TableCell>{formatDate(login.last_login, 'Never')}</TableCell>
                    <TableCell>{formatCount(login.monthly_login_count)}</TableCell>
                    <TableCell>
                      <Badge variant={login.inactive ? 'secondary' : 'default'}>
                        {login.inactive ? 'Inactive' : 'Active'}
                      </Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </table>
          </div>
        )
      }
    </MetricCard>
  );
}
