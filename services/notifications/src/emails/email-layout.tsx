import type { ReactNode } from 'react';
import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { brand } from './brand.js';

/** The frame every message shares: the product's name on its colour, a card, and a footer saying why it came. */
export function EmailLayout(props: {
  preview: string;
  heading: string;
  footer: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <title>{props.heading}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        style={{ backgroundColor: brand.background, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}
      >
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '24px 12px' }}>
          <Section
            style={{ backgroundColor: brand.primary, borderRadius: '8px 8px 0 0', padding: '16px 24px' }}
          >
            <Text style={{ color: brand.primaryForeground, fontSize: '18px', fontWeight: 700, margin: 0 }}>
              {brand.name}
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: brand.card,
              border: `1px solid ${brand.border}`,
              borderRadius: '0 0 8px 8px',
              padding: '8px 24px 24px',
              color: brand.foreground,
            }}
          >
            <Heading as="h1" style={{ fontSize: '22px', color: brand.foreground }}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={{ borderColor: brand.border }} />
          <Text style={{ color: brand.mutedForeground, fontSize: '12px' }}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: '15px', lineHeight: '22px', color: brand.foreground } as const;

export const button = {
  backgroundColor: brand.primary,
  color: brand.primaryForeground,
  borderRadius: '6px',
  padding: '12px 20px',
  fontSize: '15px',
  fontWeight: 600,
  textDecoration: 'none',
} as const;

/** A link written out in the text: the brand's colour (the client's default blue is too light on the card). */
export const link = { color: brand.primary, textDecoration: 'underline', wordBreak: 'break-all' } as const;
