import type { ComponentType } from 'react';
import { SettingsPage } from './screens/settings/settings-page.js';

/** The screens the shell mounts on its signed-in routes (shell/src/routes.tsx names them). */
export const screens: Record<string, ComponentType> = {
  settings: SettingsPage,
};

/** The paths these screens have in the shell, for running this remote standalone. */
export const standalonePaths: Record<string, string> = {
  settings: '/settings',
};
