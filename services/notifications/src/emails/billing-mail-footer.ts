import { brand } from './brand.js';

/** Why account and billing mail came (README "Who gets what"): the switch that governs it. */
export const billingMailFooter = `You receive account and billing mail because Email Notifications is on in your ${brand.name} settings.`;
