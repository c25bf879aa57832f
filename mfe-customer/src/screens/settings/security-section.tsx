import { Card, CardContent, CardHeader, CardTitle } from '@app/ui';
import { PasswordForm } from './password-form.js';
import { UnavailableAction } from './unavailable-action.js';

/** SPEC.md §2 "Settings" Security: the password change is real; 2FA and account deletion are not offered yet. */
export function SecuritySection() {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Security</CardTitle>
        </CardHeader>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
      <Card className="border-destructive/50">
        <CardHeader>
          <CardTitle className="text-destructive">Danger Zone</CardTitle>
        </CardHeader>
        <CardContent>
          <UnavailableAction id="delete-account" label="Delete Account" variant="destructive" />
        </CardContent>
      </Card>
    </div>
  );
}
