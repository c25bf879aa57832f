import type { ReactNode } from 'react';
import { pageStyles } from './page-styles.js';

export interface PageShellProps {
  productName: string;
  /** The tab title, before " · <product>". */
  title: string;
  /** The card's content; must contain the element with id="page-title" that labels it. */
  children: ReactNode;
}

/**
 * The document every sign-in page shares (sign-in, sign-up, password setup, messages): brand header, one card,
 * a way home. Only the inline style block the Content-Security-Policy allows by hash; no scripts.
 */
export function PageShell({ productName, title, children }: PageShellProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="referrer" content="same-origin" />
        {/* One string: React refuses a title made of several text parts. */}
        <title>{`${title} · ${productName}`}</title>
        <style>{pageStyles}</style>
      </head>
      <body>
        <header className="brand">
          <a href="/">
            <Logo />
            <span>{productName}</span>
          </a>
        </header>
        <main className="card" aria-labelledby="page-title">
          {children}
        </main>
        <p className="back">
          <a href="/">← Back to home</a>
        </p>
      </body>
    </html>
  );
}

/** The sentence for the whole page or form, read out by screen readers at once; hidden by CSS while empty. */
export function FormStatus({ message }: { message: string | undefined }) {
  return (
    <div className="alert" id="form-status" role="alert" aria-live="assertive">
      {message}
    </div>
  );
}

/** Stacked layers: tenants on one platform. Decorative, so hidden from assistive technology. */
function Logo() {
  return (
    <svg viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="9" fill="#2563eb" />
      <path
        d="M18 8 8 13l10 5 10-5-10-5ZM8 18l10 5 10-5M8 23l10 5 10-5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
