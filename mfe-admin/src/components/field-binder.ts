/**
 * The `value` and `onChange` of each field of a form's values, for TextField and SelectField:
 * `<TextField … {...field('email')} />` shows `values.email` and changes only it, through `change`.
 */
export function fieldBinder<V extends object>(values: V, change: (change: Partial<V>) => void) {
  return <K extends keyof V>(key: K) => ({
    value: values[key],
    onChange: (value: V[K]) => {
      const changed: Partial<V> = {};
      changed[key] = value;
      change(changed);
    },
  });
}
