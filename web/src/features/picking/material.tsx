import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router-dom';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { Loading, Page } from '../../components/page.tsx';
import { apiGet } from '../../lib/api.ts';
import type { PublicParams } from '../../lib/api-types.ts';
import { navTarget, useNavValues } from '../../lib/nav-input.ts';
import { SUPPORT_EMAIL } from './support.ts';
import './picking.css';

/** Human headings for the info titles of the product pages (000 §2). */
const HEADINGS: Record<string, string> = {
  philanthropy: 'Philanthropy',
  proPrice: 'Price',
  nameOf: 'The Name',
  dimensionDetails: 'Dimensions',
  dimensionBefore: 'Product Dimensions',
  material: 'Material',
  madeIn: 'Made In',
  proImage: 'Images',
  care: 'Care',
  duties: 'Duties',
  taxes: 'Taxes',
  shippingMethod: 'Shipping Method',
  shippingCost: 'Shipping Cost',
  deliveryTime: 'Delivery Time',
  returns: 'Returns',
  priceAndCurrency: 'Price and Currency',
  changeCountry: 'Change Country',
  paymentMethod: 'Payment Method',
  international: 'International Transaction Fees',
  unisexPrice: 'Product Price',
  femalePrice: 'Product Price',
  malePrice: 'Product Price',
  contact: 'Contact',
  refund: 'Refund',
  tracking: 'Tracking',
};

/** Where an info page reads its text: the product page's texts, or the collection's. */
type InfoSource = '/get-product-details-info' | '/get-product-info';

/**
 * /products/material (000 §2): the collection's text for a title, as a product's details page
 * links it. For changeCountry the text is fixed: the country cannot be changed, prices are in
 * USD only, other currencies by email.
 */
export function Material() {
  return <InfoPage source="/get-product-details-info" />;
}

/**
 * /products/productinfo (000 §2, with GET /get-product-info; inputs tid and title): the same page
 * for a collection's own texts (its dimensions before a size is chosen, its price by gender…).
 */
export function ProductInfo() {
  return <InfoPage source="/get-product-info" />;
}

function InfoPage({ source }: { source: InfoSource }) {
  const { tid, title } = useNavValues();
  if (!tid || !title) return <Navigate to="/" replace />;
  const heading = HEADINGS[title] ?? title;
  return (
    <Page title={heading}>
      <div className="picking-rule" aria-hidden="true" />
      {title === 'changeCountry' ? <ChangeCountry /> : <InfoText source={source} tid={tid} title={title} />}
      {DIMENSION_TITLES.has(title) && <DrawingsLink tid={tid} />}
    </Page>
  );
}

function ChangeCountry() {
  return (
    <div className="picking-text">
      <p>The country cannot be changed.</p>
      <p>All prices are displayed and billed only in USD.</p>
      <p>
        To pay in another currency, please email our support at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </div>
  );
}

function InfoText({ source, tid, title }: { source: InfoSource; tid: string; title: string }) {
  const info = useQuery({
    queryKey: [source.slice(1), tid, title],
    // The address's title, as it is: the server refuses one it does not know (nothing is shown).
    queryFn: () => apiGet(source, { title: title as PublicParams<InfoSource>['title'], tid }),
  });
  if (info.isPending) return <Loading />;
  if (info.isError || !info.data.content) {
    return <p className="picking-text picking-muted">There is nothing written here yet.</p>;
  }
  return <p className="picking-text picking-prose">{info.data.content}</p>;
}

/** The texts about a collection's size, beside which its dimension drawings (image type 3) belong. */
const DIMENSION_TITLES = new Set(['dimensionBefore', 'dimensionDetails']);

/** A link to the collection's dimension drawings (/products/productdimensions), when it has some. */
function DrawingsLink({ tid }: { tid: string }) {
  const drawings = useQuery({
    queryKey: ['imgs', tid, IMAGE_TYPE.dimension],
    queryFn: () =>
      apiGet('/get-imgs-by-pid', {
        id: tid,
        type: IMAGE_TYPE.dimension,
      }).then((r) => r.imgs ?? []),
  });
  if (!drawings.data?.length) return null;
  return (
    <p className="picking-text">
      <Link to={navTarget('/products/productdimensions', { type: tid })}>see the dimension drawings</Link>
    </p>
  );
}
