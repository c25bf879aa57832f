import { ListError, Spinner } from '@app/ui';
import { ApiError, useProduct } from '@app/web-data';
import { useParams } from '@app/routing';
import { BackToPortal } from '../../components/back-to-portal.js';
import { PageMessage } from '../../components/page-message.js';
import { ActivityCard } from '../activity/activity-card.js';
import { ProductHeader } from './product-header.js';
import { ProductFeaturesCard } from './product-features-card.js';
import { ProductInfoCard } from './product-info-card.js';
import { ProductSubscriptionsCard } from './product-subscriptions-card.js';

/**
 * Product details (SPEC.md §2): GET /api/products/{id}, which admins may read whatever the product's status; a
 * 404, or an id that is not one (400), is "not found".
 */
export function ProductDetailsPage() {
  const { id = '' } = useParams();
  const read = useProduct(id);
  const notFound = read.error instanceof ApiError && [400, 404].includes(read.error.status);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <BackToPortal />
      {read.isPending ? (
        <Spinner label="Loading product..." className="py-16" />
      ) : read.isError ? (
        notFound ? (
          <PageMessage
            title="Product Not Found"
            description="The product you're looking for doesn't exist."
          />
        ) : (
          <ListError error={read.error} />
        )
      ) : (
        <>
          <ProductHeader product={read.data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ProductInfoCard product={read.data} />
            <ProductFeaturesCard product={read.data} />
          </div>
          <ProductSubscriptionsCard productId={read.data.id} />
          <ActivityCard filters={{ entityType: 'product', entityId: read.data.id }} />
        </>
      )}
    </div>
  );
}
