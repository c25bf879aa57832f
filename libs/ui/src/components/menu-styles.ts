/** The look the dropdown menu's items and the select's options share, so a list of choices reads the same. */
export const choiceStateClasses = [
  'data-[highlighted]:bg-secondary data-[highlighted]:text-secondary-foreground',
  'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
];

export const choiceSeparatorClasses = '-mx-1 my-1 h-px bg-border';
