import { Input, Label, Textarea } from '@app/ui';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../components/form-dialog.js';
import { fieldMessages, productFormResolver } from './product-form-rules.js';
import type { ProductFormErrors, ProductFormField, ProductFormValues } from './product-form-values.js';

interface ProductFormProps {
  initial: ProductFormValues;
  /** Messages the server gave per field, shown until the next submit. */
  serverErrors: ProductFormErrors;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: ProductFormValues) => void;
  onCancel: () => void;
}

/** A dollar amount in a number field: cents at most, never negative, the decimal keypad on a phone. */
const dollars = { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' } as const;

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The Add/Edit Product form (SPEC.md §5): checked against the contracts' product rules on submit, and again
 * only on the next submit, each message under its field; focus stays on the button that was pressed.
 */
export function ProductForm(props: ProductFormProps) {
  const { initial, serverErrors, pending, submitLabel, pendingLabel, onSubmit, onCancel } = props;
  const { register, handleSubmit, control, formState } = useForm<ProductFormValues>({
    defaultValues: initial,
    resolver: productFormResolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const color = useWatch({ control, name: 'color' });
  const shown = { ...serverErrors, ...fieldMessages(formState.errors) };

  const input = (field: ProductFormField) => ({
    id: `product-${field}`,
    'aria-invalid': shown[field] ? true : undefined,
    'aria-describedby': shown[field] ? `product-${field}-error` : undefined,
    ...register(field),
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-name" label="Product Name" error={shown.name}>
          <Input {...input('name')} />
        </Field>
        <Field id="product-slug" label="Slug" error={shown.slug}>
          <Input {...input('slug')} />
        </Field>
      </div>
      <Field id="product-description" label="Description" error={shown.description}>
        <Textarea {...input('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-basePrice" label="Base Price" error={shown.basePrice}>
          <Input {...input('basePrice')} {...dollars} />
        </Field>
        <Field id="product-category" label="Category" error={shown.category}>
          <Input {...input('category')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-basicPrice" label="Basic Price (optional)" error={shown.basicPrice}>
          <Input {...input('basicPrice')} {...dollars} placeholder="Not offered" />
        </Field>
        <Field id="product-enterprisePrice" label="Enterprise Price (optional)" error={shown.enterprisePrice}>
          <Input {...input('enterprisePrice')} {...dollars} placeholder="Not offered" />
        </Field>
      </div>
      <Field id="product-color" label="Brand Color" error={shown.color}>
        <div className="flex items-center gap-3">
          <Input {...input('color')} type="color" className="h-10 w-16 p-1" />
          <span className="font-mono text-sm">{color.toUpperCase()}</span>
        </div>
      </Field>
      <Field id="product-features" label="Features (comma-separated)" error={shown.features}>
        <Textarea {...input('features')} />
      </Field>
      <FormActions
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
