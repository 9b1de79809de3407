import type { Order, OrderItem } from '@store/contracts';
import { productName } from '@store/contracts';
import { usd } from '../utils/shipping-values.ts';

/** A box holds 4 samples (docs/product.md#constants). */
const BOX_SIZE = 4;

/** The Discover Plan's box: the 2 prime picks from the quiz and the 2 slots the member fills after paying. */
export function DiscoverBox({ order }: { order: Order }) {
  const primePicks = order.items.filter((item) => item.isPrimePick);
  const chosen = order.items.filter((item) => !item.isPrimePick);
  const openSlots = Math.max(0, BOX_SIZE - primePicks.length - chosen.length);
  return (
    <div className="plan-box">
      <div className="plan-box__head">
        <h2 className="plan-box__name">Discover Plan</h2>
        <p className="plan-box__price">
          <strong>{usd(order.price)}</strong> per box
        </p>
      </div>
      <p className="plan-box__lead">
        A box of 4 single-serving samples: 2 prime picks matched to your quiz, and 2 you choose.
      </p>
      <ul className="sample-grid">
        {[...primePicks, ...chosen].map((item) => (
          <SampleTile key={item.id} item={item} />
        ))}
        {Array.from({ length: openSlots }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the empty slots have nothing else to tell them apart
          <li key={i} className="sample-tile sample-tile--open">
            <span className="sample-tile__plus" aria-hidden="true">
              +
            </span>
            <strong>You choose</strong>
            <span className="sample-tile__note">Pick this sample after checkout, in Build Your Box.</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SampleTile({ item }: { item: OrderItem }) {
  return (
    <li className="sample-tile">
      {item.isPrimePick ? <span className="sample-tile__badge">Prime pick</span> : null}
      {item.sampleImage.originalPath ? (
        <img
          className="sample-tile__image"
          src={item.sampleImage.originalPath}
          alt={`${item.brandName} ${productName(item)} sample packet`}
          width={96}
          height={96}
          loading="lazy"
        />
      ) : null}
      <span className="sample-tile__brand">{item.brandName}</span>
      <strong className="sample-tile__title">{productName(item)}</strong>
    </li>
  );
}

/** A pre-order's plan in place of the box (docs/product.md#pre-order). */
export function PreOrderBox({ order }: { order: Order }) {
  const plan = order.items[0];
  return (
    <div className="plan-box">
      <div className="plan-box__head">
        <h2 className="plan-box__name">{plan?.title ?? 'Tub plan'} pre-order</h2>
        <p className="plan-box__price">
          <strong>{usd(order.price)}</strong>
        </p>
      </div>
      <p className="plan-box__lead">{plan?.description}</p>
      <p className="plan-box__lead">
        Tub plans launch in 2-3 months. You pay for your first delivery now and we ship it at launch.
      </p>
    </div>
  );
}
