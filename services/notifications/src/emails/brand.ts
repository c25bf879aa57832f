/**
 * The product as mail shows it: the app's name and its light theme's colours (libs/ui tokens.css), written out
 * because mail clients take inline styles only, not the app's stylesheet.
 */
export const brand = {
  name: 'FinTech Platform',
  primary: '#2b3dd1',
  primaryForeground: '#ffffff',
  foreground: '#0b1a33',
  mutedForeground: '#4a5a72',
  background: '#f5f7fb',
  card: '#ffffff',
  border: '#dbe2ec',
  accent: '#0b8f78',
} as const;
