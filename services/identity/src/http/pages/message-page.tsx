import { FormStatus, PageShell } from './page-shell.js';

export interface MessagePageView {
  productName: string;
  title: string;
  message: string;
  /** Where to go from here, usually the sign-in page. */
  link?: { href: string; label: string };
}

/** A page that only explains (an expired link, a refused single sign-on): the sentence is read out at once. */
export function MessagePage({ productName, title, message, link }: MessagePageView) {
  return (
    <PageShell productName={productName} title={title}>
      <h1 id="page-title">{title}</h1>
      <FormStatus message={message} />
      {link && (
        <p className="switch">
          <a href={link.href}>{link.label}</a>
        </p>
      )}
    </PageShell>
  );
}
