import { Button, Card, CardContent, CardHeader, CardTitle, Input, Label } from '@app/ui';
import { useCurrentUser } from '@app/web-data';

/** The profile form, filled from the signed-in user; Save Changes is not wired (SPEC.md §2 "Settings"). */
export function ProfileSection() {
  const { user } = useCurrentUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => event.preventDefault()}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="settings-first-name">First name</Label>
              <Input id="settings-first-name" name="firstName" defaultValue={user?.firstName ?? ''} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="settings-last-name">Last name</Label>
              <Input id="settings-last-name" name="lastName" defaultValue={user?.lastName ?? ''} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-email">Email</Label>
            <Input id="settings-email" name="email" type="email" defaultValue={user?.email ?? ''} />
          </div>
          <Button type="submit" className="w-fit">
            Save Changes
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
