import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LoginPage } from './login-page.js';
import { MessagePage } from './message-page.js';
import { PasswordSetupPage } from './password-setup-page.js';
import { SignOutPage } from './sign-out-page.js';

/**
 * Every HTML page identity serves, by name. React escapes each value it writes into text or an attribute, so no
 * page builds markup from strings; routes send a page by its name here (sendPage), which lets one test put hostile
 * values through every page listed.
 */
export const pages = {
  login: LoginPage,
  passwordSetup: PasswordSetupPage,
  message: MessagePage,
  signOut: SignOutPage,
} satisfies Record<string, (view: never) => ReactElement>;

export type PageName = keyof typeof pages;
export type PageView<Name extends PageName> = Parameters<(typeof pages)[Name]>[0];

/** The whole document: static markup (no hydration attributes, nothing for a script to pick up). */
export function renderPage<Name extends PageName>(name: Name, view: PageView<Name>): string {
  const page = pages[name] as (view: PageView<Name>) => ReactElement;
  return `<!doctype html>\n${renderToStaticMarkup(createElement(page, view))}\n`;
}
