import type { ComponentStatus } from '@app/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ListRead } from '@app/ui';
import { useAdminHealth } from '@app/web-data';
import { Link } from '@app/routing';

/**
 * SPEC.md §2 "Admin Dashboard", System: a static list, all Operational. ARCHITECTURE.md "Decisions"
 * (Placeholders) keeps the spec's fixed status lists as they are.
 */
const staticHealth = ['API Gateway', 'Database', 'Payment Service', 'Analytics Engine'] as const;

const statusLabels: Record<ComponentStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};
const statusVariants = { operational: 'success', degraded: 'warning', down: 'destructive' } as const;

/**
 * The spec fetches GET /api/admin/health here without showing how it is used; we list what it reports next to
 * the static list, so the admin sees the platform's measured state too.
 */
function MeasuredHealth() {
  const health = useAdminHealth();
  return (
    <ListRead read={health} loadingLabel="Loading health checks..." loadingRows={2}>
      {(entries) => (
        <ul aria-label="Health checks" className="grid gap-2">
          {entries.map((entry) => (
            <li key={entry.name} className="flex items-center justify-between gap-3">
              <span>{entry.name}</span>
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                {Math.round(entry.latencyMs)} ms
                <Badge variant={statusVariants[entry.status]}>{statusLabels[entry.status]}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListRead>
  );
}

/**
 * Admin Actions have no behaviour in the spec; the three that match a screen lead to it, and System Alerts,
 * which has none, says so by being disabled.
 */
function AdminActions() {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Button asChild variant="outline">
        <Link to="/admin-portal">Manage Tenants</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/admin-portal">Product Settings</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/billing">Billing Reports</Link>
      </Button>
      <Button type="button" variant="outline" disabled>
        System Alerts
      </Button>
    </div>
  );
}

export function SystemTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>System Health</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ul aria-label="System status" className="grid gap-2">
            {staticHealth.map((name) => (
              <li key={name} className="flex items-center justify-between gap-3">
                <span>{name}</span>
                <Badge variant="success">Operational</Badge>
              </li>
            ))}
          </ul>
          <div className="grid gap-2">
            <CardDescription>Measured just now</CardDescription>
            <MeasuredHealth />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Admin Actions</CardTitle>
        </CardHeader>
        <CardContent>
          <AdminActions />
        </CardContent>
      </Card>
    </div>
  );
}
