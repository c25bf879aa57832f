import type { ComponentType } from 'react';

/**
 * The screens the shell mounts on its admin routes (shell/src/routes.tsx names them). The Admin Dashboard and
 * the other admin screens arrive with the next issues; until then the shell reports each as not provided.
 */
export const screens: Record<string, ComponentType> = {};

/** The paths these screens have in the shell, for running this remote standalone. */
export const standalonePaths: Record<string, string> = {};
