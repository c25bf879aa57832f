import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/ui';
import { ApiWebhooksSection } from './api-webhooks-section.js';
import { NotificationsSection } from './notifications-section.js';
import { ProfileSection } from './profile-section.js';
import { SecuritySection } from './security-section.js';

/**
 * A menu item's own height: the tabs' `h-full` made each item as tall as the whole menu once the row stretched
 * the menu to the section's height, and the menu's wrapping then put each item in a column of its own, spilling
 * under the section's card (Security took no clicks, API Keys covered the card's text).
 */
const menuItem = 'h-9 md:justify-start';

/**
 * Settings (SPEC.md §2), its sections wired to identity. The spec's API Keys entry, which it showed no content
 * for, is API & Webhooks (issue 20): the webhook endpoints of the tenants the user owns. The menu wraps in a row
 * above the section on a phone and stands in a fixed column beside it from md up.
 */
export function SettingsPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">Settings</h1>
      <Tabs
        defaultValue="profile"
        orientation="vertical"
        className="mt-8 flex flex-col gap-6 md:flex-row md:items-start"
      >
        <TabsList className="h-auto flex-row flex-wrap md:w-48 md:shrink-0 md:flex-col md:flex-nowrap md:items-stretch">
          <TabsTrigger value="profile" className={menuItem}>
            Profile
          </TabsTrigger>
          <TabsTrigger value="notifications" className={menuItem}>
            Notifications
          </TabsTrigger>
          <TabsTrigger value="security" className={menuItem}>
            Security
          </TabsTrigger>
          <TabsTrigger value="api-webhooks" className={menuItem}>
            API & Webhooks
          </TabsTrigger>
        </TabsList>
        <div className="min-w-0 flex-1">
          <TabsContent value="profile">
            <ProfileSection />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationsSection />
          </TabsContent>
          <TabsContent value="security">
            <SecuritySection />
          </TabsContent>
          <TabsContent value="api-webhooks">
            <ApiWebhooksSection />
          </TabsContent>
        </div>
      </Tabs>
    </div>
  );
}
