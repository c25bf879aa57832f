import { Text } from '@react-email/components';
import type { PasswordSetReason } from '@app/contracts';
import type { MessagePayload } from '../domain/messages.js';
import { formatMoment, greetingOf } from '../domain/formatting.js';
import { brand } from './brand.js';
import { EmailLayout, paragraph } from './email-layout.js';
import { securityMailFooter } from './security-mail-footer.js';

type PasswordChanged = MessagePayload<'password-changed'>;

export const passwordChangedSubject = (): string => 'Your password was changed';

/** How the password was set, as identity's event says (identity.user.password-set.v1). */
const how: Record<PasswordSetReason, string> = {
  settings: 'from Settings, by someone signed in to your account',
  'setup-link': 'through a password-setup link an administrator issued',
  'sign-up': 'when signing up',
  admin: 'by an administrator',
};

/**
 * The security notice for a password change (every one after an account's first): when and how, and what to do
 * if it was not them. No link: a notice that asks nobody to click is one a phishing copy cannot imitate.
 */
export function PasswordChangedEmail(changed: PasswordChanged) {
  const when = formatMoment(changed.changedAt);
  return (
    <EmailLayout
      preview={`Your ${brand.name} password was changed on ${when}`}
      heading="Your password was changed"
      footer={securityMailFooter}
    >
      <Text style={paragraph}>{greetingOf(changed.firstName)}</Text>
      <Text style={paragraph}>
        {`The password of your ${brand.name} account was changed on ${when}, ${how[changed.reason]}.`}
      </Text>
      <Text style={paragraph}>If this was you, there is nothing more to do.</Text>
      <Text style={paragraph}>
        If it was not you, someone else may be able to sign in as you. Contact your administrator straight
        away and ask for a new password-setup link: choosing a new password with it signs everyone else out of
        your account.
      </Text>
    </EmailLayout>
  );
}
