import { Button, Link, Text } from '@react-email/components';
import type { MessagePayload } from '../domain/messages.js';
import { formatMoment, greetingOf } from '../domain/formatting.js';
import { brand } from './brand.js';
import { EmailLayout, button, paragraph, link } from './email-layout.js';

type PasswordSetup = MessagePayload<'password-setup'>;

export const passwordSetupSubject = (): string => `Choose your ${brand.name} password`;

/**
 * An administrator's account for the recipient, or a new link for it: the one-time link to choose a password,
 * until when it works, and that it works once. Sent whatever the switches: it is the way into the account.
 */
export function PasswordSetupEmail(setup: PasswordSetup) {
  const until = formatMoment(setup.expiresAt);
  return (
    <EmailLayout
      preview={`Choose a password for your ${brand.name} account`}
      heading="Choose your password"
      footer={`${brand.name} sends password-setup links whatever your notification settings, as without one you cannot sign in. If you did not expect this email, you can ignore it.`}
    >
      <Text style={paragraph}>{greetingOf(setup.firstName)}</Text>
      <Text style={paragraph}>
        {`An administrator set up a ${brand.name} account for ${setup.email}. Choose its password to sign in.`}
      </Text>
      <Button href={setup.setupUrl} style={button}>
        Choose password
      </Button>
      <Text style={paragraph}>
        {`The link works once, until ${until}. If it has expired or was used, ask your administrator for a new one.`}
      </Text>
      <Text style={paragraph}>
        Or paste this address into your browser:{' '}
        <Link href={setup.setupUrl} style={link}>
          {setup.setupUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}
