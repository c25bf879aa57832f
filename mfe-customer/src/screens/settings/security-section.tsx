import { Button, Card, CardContent, CardHeader, CardTitle, Input, Label } from '@app/ui';

const passwordFields = [
  { id: 'current-password', label: 'Current password', autoComplete: 'current-password' },
  { id: 'new-password', label: 'New password', autoComplete: 'new-password' },
  { id: 'confirm-password', label: 'Confirm password', autoComplete: 'new-password' },
] as const;

/** The password form, Enable 2FA and the Danger Zone; none is wired to a call (SPEC.md §2 "Settings"). */
export function SecuritySection() {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Security</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={(event) => event.preventDefault()}>
            {passwordFields.map((field) => (
              <div key={field.id} className="grid gap-2">
                <Label htmlFor={field.id}>{field.label}</Label>
                <Input id={field.id} type="password" autoComplete={field.autoComplete} />
              </div>
            ))}
            <div className="flex flex-wrap gap-3">
              <Button type="submit">Update Password</Button>
              <Button type="button" variant="outline">
                Enable 2FA
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card className="border-destructive/50">
        <CardHeader>
          <CardTitle className="text-destructive">Danger Zone</CardTitle>
        </CardHeader>
        <CardContent>
          <Button type="button" variant="destructive">
            Delete Account
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
