import { Logo } from './logo.js';

export function Footer() {
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row sm:px-6">
        <Logo />
        <p className="text-sm text-muted-foreground">© 2025 FinTech Platform. All rights reserved.</p>
      </div>
    </footer>
  );
}
