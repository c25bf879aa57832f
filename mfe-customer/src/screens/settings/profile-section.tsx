import { Card, CardContent, CardHeader, CardTitle } from '@app/ui';
import { useCurrentUser } from '@app/web-data';
import { ProfileForm } from './profile-form.js';

/** SPEC.md §2 "Settings" Profile: the form, filled from the signed-in user, saved with PATCH /api/auth/user. */
export function ProfileSection() {
  const { user, isLoading } = useCurrentUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
      </CardHeader>
      <CardContent>
        {user ? (
          <ProfileForm key={user.id} user={user} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {isLoading ? 'Loading...' : 'Sign in to edit your profile.'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
