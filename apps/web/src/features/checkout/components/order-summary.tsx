import type { Order } from '@store/contracts';
import { usd } from '../utils/shipping-values.ts';

/** Totals from the order as the server computed them (docs/product.md#quiz-and-first-box: shipping Free, handling and tax from the order). */
export function OrderSummary({ order, isTaxUpdating }: { order: Order; isTaxUpdating: boolean }) {
  const firstLine = order.kind === 'pre_order' ? 'Pre-Order x1' : 'Discover Plan (4 samples)';
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="checkout-section__title">
        Order summary
      </h2>
      <table className="order-summary__table">
        <tbody>
          <tr>
            <th scope="row">{firstLine}</th>
            <td>{usd(order.price)}</td>
          </tr>
          <tr>
            <th scope="row">Shipping</th>
            <td>Free</td>
          </tr>
          <tr>
            <th scope="row">Handling fee</th>
            <td>{usd(order.handlingFee)}</td>
          </tr>
          <tr>
            <th scope="row">Tax</th>
            <td aria-live="polite">{isTaxUpdating ? 'Updating...' : usd(order.taxAmount)}</td>
          </tr>
          {order.storeCredit > 0 ? (
            <tr>
              <th scope="row">Store credit</th>
              <td>-{usd(order.storeCredit)}</td>
            </tr>
          ) : null}
          <tr className="order-summary__total">
            <th scope="row">Total (USD)</th>
            <td>{usd(order.total)}</td>
          </tr>
        </tbody>
      </table>
      {order.identity.shippingAddress ? null : (
        <p className="order-summary__note">Tax is added once your shipping address is complete.</p>
      )}
    </section>
  );
}
