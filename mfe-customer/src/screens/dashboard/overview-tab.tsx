import { Badge, Button, SectionCard } from '@app/ui';
import { BarChart3, CreditCard, Package } from 'lucide-react';
import { Link } from '@app/routing';
import { staticUptime } from './figures.js';

/** SPEC.md §2: the System Status list is static, every entry Operational (ARCHITECTURE.md "Placeholders"). */
const staticStatus = ['API Gateway', 'Analytics Service', 'Payment Processing'] as const;

const quickActions = [
  { label: 'Browse Products', to: '/catalog', icon: Package },
  { label: 'View Billing', to: '/billing', icon: CreditCard },
  { label: 'View Analytics', to: '/analytics', icon: BarChart3 },
] as const;

export function OverviewTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard title="Quick Actions">
        <ul className="grid gap-3">
          {quickActions.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Button asChild variant="outline" className="w-full justify-start">
                <Link to={to}>
                  <Icon aria-hidden />
                  {label}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title="System Status" contentClassName="grid gap-4">
        <ul aria-label="System status" className="grid gap-2">
          {staticStatus.map((name) => (
            <li key={name} className="flex items-center justify-between gap-3">
              <span>{name}</span>
              <Badge variant="success">Operational</Badge>
            </li>
          ))}
        </ul>
        <p className="flex items-center justify-between gap-3 border-t border-border pt-4 text-sm">
          <span className="text-muted-foreground">Overall uptime</span>
          <span className="font-semibold">{staticUptime}</span>
        </p>
      </SectionCard>
    </div>
  );
}
