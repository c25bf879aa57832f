/** The one keyboard focus indicator every control uses: a 2 px ring in the brand colour, offset from the edge. */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';
