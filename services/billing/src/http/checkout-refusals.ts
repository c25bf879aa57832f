import { dollarsFromCents } from '@app/contracts';
import { NotFoundError } from '@app/domain';
import { HttpProblem, problemType } from '@app/service-kit';
import type { CheckoutPrice } from '../domain/payment/checkout-price.js';

/** SPEC.md §8: the checkout shows "Product Not Found" for a 404. */
export const productNotFoundMessage = 'Product not found';
export const productInactiveMessage = 'This product is not available for purchase right now.';

export const planNotOfferedMessage = (plan: string) =>
  `This product has no ${plan} plan. Please choose one of the plans it offers.`;

const dollars = (cents: number) => `$${dollarsFromCents(cents).toFixed(2)}`;

/** Why a checkout was not priced, as the problem the page shows (ARCHITECTURE.md "Errors"). */
export function checkoutRefusal(price: Exclude<CheckoutPrice, { kind: 'priced' }>): Error {
  switch (price.kind) {
    case 'unknown-product':
      return new NotFoundError(productNotFoundMessage);
    case 'inactive':
      return new HttpProblem(422, productInactiveMessage, { type: problemType('product-inactive') });
    case 'plan-not-offered':
      return new HttpProblem(422, planNotOfferedMessage(price.plan), {
        type: problemType('plan-not-offered'),
      });
    case 'below-minimum':
      return new HttpProblem(
        422,
        `This product costs ${dollars(price.amountCents)}, less than the $0.50 a card payment must be.`,
        { type: problemType('amount-too-small') },
      );
    case 'price-changed':
      return new HttpProblem(
        409,
        `The price of this product is now ${dollars(price.amountCents)}. Please reload the page and try again.`,
        { type: problemType('price-changed') },
      );
  }
}
