import { escapeHtml } from './login-html.js';
import { loginPageStyles } from './login-page-styles.js';

export interface PageShell {
  productName: string;
  /** The tab title, before " · <product>". */
  title: string;
  /** The card's content; must contain the element with id="page-title" that labels it. */
  main: string;
}

/**
 * The document every sign-in page shares (sign-in, sign-up, password setup, messages): brand header, one card,
 * a way home. Only the inline style block the Content-Security-Policy allows by hash; no scripts.
 */
export function renderPageShell(page: PageShell): string {
  const name = escapeHtml(page.productName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(page.title)} · ${name}</title>
<style>${loginPageStyles}</style>
</head>
<body>
<header class="brand"><a href="/">${logo}<span>${name}</span></a></header>
<main class="card" aria-labelledby="page-title">
${page.main}
</main>
<p class="back"><a href="/">&larr; Back to home</a></p>
</body>
</html>
`;
}

export interface MessagePage {
  productName: string;
  title: string;
  message: string;
  /** Where to go from here, usually the sign-in page. */
  link?: { href: string; label: string };
}

/** A page that only explains (an expired link, a refused single sign-on): the sentence is read out at once. */
export function renderMessagePage(page: MessagePage): string {
  const link = page.link
    ? `<p class="switch"><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>`
    : '';
  return renderPageShell({
    productName: page.productName,
    title: page.title,
    main: `<h1 id="page-title">${escapeHtml(page.title)}</h1>
<div class="alert" id="form-status" role="alert" aria-live="assertive">${escapeHtml(page.message)}</div>
${link}`,
  });
}

/** Stacked layers: tenants on one platform. Decorative, so hidden from assistive technology. */
const logo = `<svg viewBox="0 0 36 36" aria-hidden="true" focusable="false"><rect width="36" height="36" rx="9" fill="#2563eb"/><path d="M18 8 8 13l10 5 10-5-10-5ZM8 18l10 5 10-5M8 23l10 5 10-5" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
