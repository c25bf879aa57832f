import type { NotificationPreferences } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle, Label, Switch } from '@app/ui';
import { useNotificationPreferences, useSaveNotificationPreferences } from '@app/web-data';
import { toastFailure } from '../../components/failure-toast.js';

/** SPEC.md §2 "Settings": the three switches; their defaults come from identity until the user changes one. */
const switches: { key: keyof NotificationPreferences; id: string; label: string }[] = [
  { key: 'email', id: 'email-notifications', label: 'Email Notifications' },
  { key: 'push', id: 'push-notifications', label: 'Push Notifications' },
  { key: 'securityAlerts', id: 'security-alerts', label: 'Security Alerts' },
];

/** Each toggle saves at once; the switch moves before the answer and moves back if saving fails. */
export function NotificationsSection() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const current = preferences.data;

  function toggle(key: keyof NotificationPreferences, checked: boolean) {
    if (!current) return;
    save.mutate(
      { ...current, [key]: checked },
      {
        onError: (error) => toastFailure('Failed to update notification preferences', error),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isPending ? (
          <p className="text-sm text-muted-foreground">Loading notification preferences...</p>
        ) : null}
        {preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load notification preferences. Please try again.
          </p>
        ) : null}
        {switches.map((item) => (
          <div key={item.id} className="flex items-center justify-between gap-4">
            <Label htmlFor={item.id}>{item.label}</Label>
            <Switch
              id={item.id}
              checked={current?.[item.key] ?? false}
              disabled={!current}
              onCheckedChange={(checked) => toggle(item.key, checked)}
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
