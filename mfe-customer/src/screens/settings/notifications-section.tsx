import { Card, CardContent, CardHeader, CardTitle, Label, Switch } from '@app/ui';

/** SPEC.md §2 "Settings": the three switches and their defaults. */
const switches = [
  { id: 'email-notifications', label: 'Email Notifications', defaultOn: true },
  { id: 'push-notifications', label: 'Push Notifications', defaultOn: false },
  { id: 'security-alerts', label: 'Security Alerts', defaultOn: true },
] as const;

export function NotificationsSection() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {switches.map((item) => (
          <div key={item.id} className="flex items-center justify-between gap-4">
            <Label htmlFor={item.id}>{item.label}</Label>
            <Switch id={item.id} defaultChecked={item.defaultOn} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
