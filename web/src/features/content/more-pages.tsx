import { Page } from '../../components/page.tsx';
import { ContentMenu, Lead, Prose, SupportEmail } from './content-ui.tsx';
import { PrivacyPolicy, TermsOfUse } from './legal.tsx';

/** 000 §2 "/more pages" and §9: shopping questions, answered plainly. */

const MORE_MENU = [
  { to: '/more/duties', label: 'Duties' },
  { to: '/more/taxes', label: 'Taxes' },
  { to: '/more/shipping_methods', label: 'Shipping Methods' },
  { to: '/more/shipping_cost', label: 'Shipping Costs' },
  { to: '/more/delivery_time', label: 'Delivery Time' },
  { to: '/more/returns', label: 'Returns' },
  { to: '/more/prices_currencies', label: 'Prices and Currencies' },
  { to: '/more/changecountrycurrency', label: 'Change Country and Currency' },
  { to: '/more/payment_methods', label: 'Payment Methods' },
  { to: '/more/int_transaction_fees', label: 'International Transaction Fees' },
  { to: '/more/contact_us', label: 'Contact Us' },
  { to: '/more/terms-and-conditions', label: 'terms of use' },
  { to: '/more/privacy-policy', label: 'privacy policy' },
] as const;

export function MoreMenu() {
  return (
    <Page title="More">
      <Lead>Everything worth knowing before a piece becomes yours.</Lead>
      <ContentMenu label="More" entries={MORE_MENU} />
    </Page>
  );
}

export function ContactUs() {
  return (
    <Page title="Contact Us">
      <Lead>We answer every message personally.</Lead>
      <Prose>
        <p>
          For any question, about a product, an order, delivery or our mission, please write to our support
          address: <SupportEmail />.
        </p>
      </Prose>
    </Page>
  );
}

function CurrencyText() {
  return (
    <Prose>
      <p>The country cannot be changed. All prices are displayed and billed in USD.</p>
      <p>
        If you wish to pay in another currency, please email <SupportEmail />.
      </p>
    </Prose>
  );
}

export function ChangeCountryCurrency() {
  return (
    <Page title="Change Country and Currency">
      <CurrencyText />
    </Page>
  );
}

export function PricesCurrencies() {
  return (
    <Page title="Prices and Currencies">
      <CurrencyText />
      <Prose>
        <p>The currency charged is USD, whatever payment method you choose.</p>
      </Prose>
    </Page>
  );
}

export function ShippingMethods() {
  return (
    <Page title="Shipping Methods">
      <Prose>
        <p>We ship worldwide with DHL, FedEx, UPS or Canada Post.</p>
        <p>Please check your address carefully: it cannot be changed once the product has shipped.</p>
      </Prose>
    </Page>
  );
}

export function ShippingCost() {
  return (
    <Page title="Shipping Costs">
      <Prose>
        <p>We do not offer free shipping.</p>
        <p>The exact shipping cost is known at checkout, once you have given your delivery address.</p>
      </Prose>
    </Page>
  );
}

export function DeliveryTime() {
  return (
    <Page title="Delivery Time">
      <Prose>
        <p>
          Delivery takes about 7-11 business days to Canada or the USA, and 10-14 business days elsewhere.
        </p>
        <p>
          A faster delivery may be possible: email <SupportEmail />.
        </p>
      </Prose>
    </Page>
  );
}

const PAYMENT_METHODS = [
  'Visa',
  'Mastercard',
  'American Express',
  'China UnionPay',
  'Japan Credit Bureau',
  'Discover',
  'Diners Club',
  'Maestro',
  'PayPal',
] as const;

export function PaymentMethods() {
  return (
    <Page title="Payment Methods">
      <Prose>
        <p>We accept debit or credit cards from:</p>
        <ul className="content-list">
          {PAYMENT_METHODS.slice(0, -1).map((method) => (
            <li key={method}>{method}</li>
          ))}
        </ul>
        <p>and PayPal. Every payment is charged in USD.</p>
      </Prose>
    </Page>
  );
}

export function Duties() {
  return (
    <Page title="Duties">
      <Prose>
        <p>There are no duties for deliveries to Canada or the USA.</p>
        <p>
          Elsewhere, duties, customs and import fees may be collected by the shipping provider on delivery;
          they are the buyer&apos;s responsibility.
        </p>
      </Prose>
    </Page>
  );
}

export function Taxes() {
  return (
    <Page title="Taxes">
      <Prose>
        <p>Any sales tax that applies to your order is shown at checkout, before you pay.</p>
        <p>
          Outside Canada and the USA, import taxes may be collected by the shipping provider on delivery and
          are the buyer&apos;s responsibility.
        </p>
      </Prose>
    </Page>
  );
}

export function IntTransactionFees() {
  return (
    <Page title="International Transaction Fees">
      <Prose>
        <p>
          All prices are billed in USD. Your bank may charge a fee if it does not normally handle USD; please
          ask your bank before you buy.
        </p>
      </Prose>
    </Page>
  );
}

export function Returns() {
  return (
    <Page title="Returns">
      <Prose>
        <p>All sales are final.</p>
        <p>
          Because every product exists only once, we do not accept returns, and offer no refunds or exchanges.
        </p>
      </Prose>
    </Page>
  );
}

/** 000 §2: Refund and Tracking are title only. */
export function Refund() {
  return <Page title="Refund">{null}</Page>;
}

export function Tracking() {
  return <Page title="Tracking">{null}</Page>;
}

export function PrivacyPolicyPage() {
  return (
    <Page title="Privacy Policy">
      <PrivacyPolicy />
    </Page>
  );
}

export function TermsPage() {
  return (
    <Page title="Terms of Use">
      <TermsOfUse />
    </Page>
  );
}
