import { escapeHtml } from './login-html.js';
import { renderPageShell } from './login-page-shell.js';

/**
 * "Sign out?", for a sign-out link followed from another site (or from nowhere a browser would name): one button
 * that posts to /api/logout from this page, and a way back in. The shell's policy forbids framing, so no other
 * site can overlay the button and have it clicked unseen.
 */
export function renderSignOutConfirmation(view: { productName: string }): string {
  const product = escapeHtml(view.productName);
  return renderPageShell({
    productName: view.productName,
    title: 'Sign out?',
    main: `<h1 id="page-title">Sign out?</h1>
<p class="lead">A link from another site asked to sign you out of ${product}. Sign out only if you meant to.</p>
<form method="post" action="/api/logout">
<button type="submit">Sign out</button>
</form>
<p class="switch"><a href="/">Stay signed in</a></p>`,
  });
}
