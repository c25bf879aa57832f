import { PageShell } from './page-shell.js';

export interface SignOutPageView {
  productName: string;
}

/**
 * "Sign out?", for a sign-out link followed from another site (or from nowhere a browser would name): one button
 * that posts to /api/logout from this page, and a way back in. The page's policy forbids framing, so no other
 * site can overlay the button and have it clicked unseen.
 */
export function SignOutPage({ productName }: SignOutPageView) {
  return (
    <PageShell productName={productName} title="Sign out?">
      <h1 id="page-title">Sign out?</h1>
      <p className="lead">
        A link from another site asked to sign you out of {productName}. Sign out only if you meant to.
      </p>
      <form method="post" action="/api/logout">
        <button type="submit">Sign out</button>
      </form>
      <p className="switch">
        <a href="/">Stay signed in</a>
      </p>
    </PageShell>
  );
}
