import { ListError, Spinner } from '@app/ui';
import { useProducts } from '@app/web-data';
import { useParams } from '@app/routing';
import { BackToPortal } from '../../components/back-to-portal.js';
import { PageMessage } from '../../components/page-message.js';
import { ProductHeader } from './product-header.js';
import { ProductFeaturesCard } from './product-features-card.js';
import { ProductInfoCard } from './product-info-card.js';
import { ProductSubscriptionsCard } from './product-subscriptions-card.js';

/** Product details (SPEC.md §2): the product is picked by id from the product list (SPEC.md §7). */
export function ProductDetailsPage() {
  const { id = '' } = useParams();
  const products = useProducts();
  const product = products.data?.find((candidate) => candidate.id === id);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <BackToPortal />
      {products.isPending ? (
        <Spinner label="Loading product..." className="py-16" />
      ) : products.isError ? (
        <ListError error={products.error} />
      ) : !product ? (
        <PageMessage title="Product Not Found" description="The product you're looking for doesn't exist." />
      ) : (
        <>
          <ProductHeader product={product} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ProductInfoCard product={product} />
            <ProductFeaturesCard product={product} />
          </div>
          <ProductSubscriptionsCard productId={product.id} />
        </>
      )}
    </div>
  );
}
