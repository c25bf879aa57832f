import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/ui';
import { NotificationsSection } from './notifications-section.js';
import { ProfileSection } from './profile-section.js';
import { SecuritySection } from './security-section.js';

/**
 * Settings (SPEC.md §2), its sections wired to identity. API Keys is in the menu, but the spec shows no content
 * for it, so it stays a disabled entry rather than an invented screen.
 */
export function SettingsPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">Settings</h1>
      <Tabs defaultValue="profile" orientation="vertical" className="mt-8 flex flex-col gap-6 md:flex-row">
        <TabsList className="h-auto flex-row flex-wrap md:w-48 md:flex-col md:items-stretch">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="api-keys" disabled>
            API Keys
          </TabsTrigger>
        </TabsList>
        <div className="flex-1">
          <TabsContent value="profile">
            <ProfileSection />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationsSection />
          </TabsContent>
          <TabsContent value="security">
            <SecuritySection />
          </TabsContent>
        </div>
      </Tabs>
    </div>
  );
}
