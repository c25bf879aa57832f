import type { TenantMetricsReply } from '@app/contracts';
import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@app/ui';
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
          <Table aria-label="User Login Summary">
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
                  <TableCell className="break-all">{login.email}</TableCell>
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
          </Table>
        )
      }
    </MetricCard>
  );
}
