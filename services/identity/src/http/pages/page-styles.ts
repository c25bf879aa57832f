import { createHash } from 'node:crypto';

/**
 * The sign-in pages' only styling: inline, so a page needs nothing else from the server or the network. React
 * writes a style element's text unescaped (it alters only a closing `</style`, which this block never holds),
 * so the block the browser hashes is exactly this string.
 */
export const pageStyles = `
:root {
  color-scheme: light dark;
  --bg: #f3f6fb; --bg-accent: #e0e9fb; --card: #ffffff; --text: #0f172a; --muted: #526077;
  --border: #d3dbe7; --primary: #2563eb; --primary-hover: #1d4ed8; --primary-text: #ffffff;
  --danger: #b42318; --danger-bg: #fef3f2; --danger-border: #fecdca; --focus: #93b4f8;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0b1120; --bg-accent: #13213f; --card: #111a2e; --text: #e6ebf5; --muted: #9aa8bf;
    --border: #2a3954; --primary: #3b82f6; --primary-hover: #60a5fa; --primary-text: #0b1120;
    --danger: #fda29b; --danger-bg: #2a1215; --danger-border: #7a271a; --focus: #3b82f6;
  }
}
*, *::before, *::after { box-sizing: border-box; }
body {
  margin: 0; min-height: 100vh; display: flex; flex-direction: column; align-items: center;
  padding: 2rem 1rem 3rem; color: var(--text); line-height: 1.5;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  background: radial-gradient(circle at 20% 0%, var(--bg-accent), transparent 55%), var(--bg);
}
a { color: var(--primary); }
a:hover { color: var(--primary-hover); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.brand { margin: 0 0 1.75rem; }
.brand a { display: inline-flex; align-items: center; gap: .6rem; color: var(--text); text-decoration: none;
  font-weight: 700; font-size: 1.2rem; letter-spacing: -.01em; }
.brand svg { width: 2.25rem; height: 2.25rem; }
.card { width: 100%; max-width: 28rem; background: var(--card); border: 1px solid var(--border);
  border-radius: 1rem; padding: 2rem; box-shadow: 0 20px 45px -25px rgb(15 23 42 / .35); }
.tabs { display: grid; grid-template-columns: 1fr 1fr; gap: .25rem; padding: .25rem; margin-bottom: 1.5rem;
  border-radius: .65rem; background: var(--bg); border: 1px solid var(--border); }
.tabs a { display: flex; align-items: center; justify-content: center; white-space: nowrap; padding: .5rem;
  border-radius: .5rem; color: var(--muted); text-decoration: none; font-weight: 600; font-size: .95rem; }
.tabs a[aria-current="page"] { background: var(--card); color: var(--text); box-shadow: 0 1px 3px rgb(15 23 42 / .15); }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 .35rem; letter-spacing: -.015em; }
.lead { margin: 0 0 1.5rem; color: var(--muted); }
.alert { margin: 0 0 1.25rem; padding: .75rem 1rem; border-radius: .6rem; color: var(--danger);
  background: var(--danger-bg); border: 1px solid var(--danger-border); font-weight: 500; }
.alert:empty { display: none; }
form { display: grid; gap: 1.1rem; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
@media (max-width: 26rem) { .row { grid-template-columns: 1fr; } .card { padding: 1.5rem 1.25rem; } }
.field { display: grid; gap: .35rem; }
label { font-weight: 600; font-size: .95rem; }
.optional { font-weight: 400; color: var(--muted); }
input { width: 100%; font: inherit; color: var(--text); background: var(--card); padding: .65rem .8rem;
  border: 1px solid var(--border); border-radius: .55rem; }
input:focus-visible { border-color: var(--primary); outline-offset: 0; }
input[aria-invalid="true"] { border-color: var(--danger); }
.hint { margin: 0; font-size: .875rem; color: var(--muted); }
.field-error { margin: 0; font-size: .875rem; color: var(--danger); font-weight: 500; }
button { font: inherit; font-weight: 600; padding: .75rem 1rem; border: 0; border-radius: .55rem; cursor: pointer;
  color: var(--primary-text); background: var(--primary); margin-top: .25rem; }
button:hover { background: var(--primary-hover); }
.divider { display: flex; align-items: center; gap: .75rem; margin: 1.5rem 0 1rem; color: var(--muted);
  font-size: .875rem; }
.divider::before, .divider::after { content: ""; flex: 1; border-top: 1px solid var(--border); }
.sso { display: block; text-align: center; font-weight: 600; padding: .7rem 1rem; border-radius: .55rem;
  border: 1px solid var(--border); color: var(--text); background: var(--card); text-decoration: none; }
.sso:hover { color: var(--text); border-color: var(--primary); }
.account { margin: 0 0 1.25rem; color: var(--muted); }
.switch { margin: 1.5rem 0 0; text-align: center; color: var(--muted); }
.back { margin-top: 1.5rem; font-size: .9rem; }
.back a { color: var(--muted); }
`;

/** Allows exactly this style block under the page's Content-Security-Policy, and nothing injected. */
export const pageStyleHash = `'sha256-${createHash('sha256').update(pageStyles, 'utf8').digest('base64')}'`;
