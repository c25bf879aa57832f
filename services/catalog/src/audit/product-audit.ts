import type { AuditChange, AuditDescription } from '@app/contracts';
import { assertNever } from '@app/domain';
import { auditedAggregate, changedFields, moneyText, type AuditValue } from '@app/service-kit/audit';
import { products } from '../application/products.js';
import type { ProductEvent } from '../domain/product/events.js';
import type { ProductDetails, ProductState } from '../domain/product/product.js';

type Details = Partial<ProductDetails> & { isActive?: boolean };

/** The fields an admin edits, in the order the product form shows them. */
function productFields(details: Details): [string, AuditValue][] {
  return [
    ['Name', details.name],
    ['Slug', details.slug],
    ['Description', details.description],
    ['Base price', moneyText(details.basePriceCents)],
    ['Basic price', moneyText(details.basicPriceCents)],
    ['Enterprise price', moneyText(details.enterprisePriceCents)],
    ['Category', details.category],
    ['Brand color', details.color],
    ['Icon', details.icon],
    ['Features', details.features],
    ['Active', details.isActive],
  ];
}

function detailsOf(state: ProductState): Details {
  return state.status === 'listed' ? { ...state.details, isActive: state.isActive } : {};
}

function productChanges(before: ProductState, after: ProductState): AuditChange[] {
  const was = productFields(detailsOf(before));
  return changedFields(
    productFields(detailsOf(after)).map(([field, value], i) => [field, was[i]?.[1], value]),
  );
}

const actions = {
  ProductCreated: 'product.created',
  ProductUpdated: 'product.updated',
  ProductActivated: 'product.activated',
  ProductDeactivated: 'product.deactivated',
  ProductDeleted: 'product.deleted',
} as const satisfies Record<ProductEvent['type'], AuditDescription['action']>;

/** Each stored product event as an audit entry: what the admin changed, field by field. */
export function describeProductEvent(
  event: ProductEvent,
  before: ProductState,
  after: ProductState,
): AuditDescription {
  const { productId } = event.data;
  const label =
    after.status === 'listed' ? after.details.name : before.status === 'listed' ? before.details.name : null;
  const entity = { type: 'product', id: productId, label } as const;
  const base = { action: actions[event.type], entity, tenantId: null, accountId: null };
  switch (event.type) {
    case 'ProductCreated':
    case 'ProductUpdated':
    case 'ProductActivated':
    case 'ProductDeactivated':
      return { ...base, changes: productChanges(before, after) };
    case 'ProductDeleted':
      return {
        ...base,
        entity: { ...entity, label: event.data.name },
        changes: [{ field: 'Deleted', before: 'No', after: 'Yes' }],
      };
    default:
      return assertNever(event);
  }
}

export const productsAudit = auditedAggregate(products, describeProductEvent);
