import { brand } from './brand.js';

/** Why a security notice came though a switch may be off (README "Who gets what"). */
export const securityMailFooter = `${brand.name} sends security notices about your account whatever your notification settings, as they are how you learn that someone else may be using it.`;
