/**
 * The `type` tags of a stored-event union, read from its schema (a zod discriminated union on `type`, described
 * here by shape so the domain needs no zod): the list a projection names as the event types it reads.
 */
export function eventTypesOf<Type extends string>(union: {
  options: readonly { shape: { type: { value: Type } } }[];
}): Type[] {
  return union.options.map((option) => option.shape.type.value);
}
