import { formatMembershipDate, type NextBoxExtras } from '@store/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { NEXT_BOX_EXTRAS_KEY } from '@/lib/add-to-next-box.ts';
import { ApiError, apiGet, apiPost, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { setCached, useApi } from '@/lib/use-api.ts';

function usd(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/**
 * "Also in your next box" on Membership (docs/product.md#next-box-extras): the tubs waiting for
 * the next renewal, each with its member price and Remove. Hidden while there are none.
 */
export function NextBoxExtrasCard() {
  const { data } = useApi(NEXT_BOX_EXTRAS_KEY, () =>
    apiGet<NextBoxExtras>('/order/NextBoxExtras', { quiet: true }),
  );
  const [busy, setBusy] = useState<string | null>(null);
  if (!data || data.items.length === 0) return null;
  const total = data.items.reduce((sum, i) => sum + i.memberPrice * i.quantity, 0);

  async function remove(itemId: string, name: string) {
    setBusy(itemId);
    try {
      setCached(
        NEXT_BOX_EXTRAS_KEY,
        await apiPost<NextBoxExtras>('/order/RemoveFromNextBox', { body: { itemId }, quiet: true }),
      );
      notify(`${name} is out of your next box.`, 'success');
    } catch (error) {
      notify(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE, 'error');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="membership__card" aria-labelledby="extras-title">
      <h2 id="extras-title" className="membership__section-title">
        Also in your next box
      </h2>
      <p>
        Charged with your box{data.billingDate ? ` on ${formatMembershipDate(data.billingDate)}` : ''}, in the
        same charge, at your member price ({usd(total)} plus tax), with no extra shipping.
      </p>
      <ul className="membership__extras">
        {data.items.map((item) => (
          <li key={item.id} className="membership__extra">
            <span>
              {item.productName}
              {item.quantity > 1 ? ` × ${item.quantity}` : ''} · {usd(item.memberPrice * item.quantity)}
            </span>
            <Button
              variant="secondary"
              isLoading={busy === item.id}
              loadingLabel={`Removing ${item.productName}`}
              onClick={() => void remove(item.id, item.productName)}
              aria-label={`Remove ${item.productName} from my next box`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Link to={paths.shop()}>Add another tub from the shop</Link>
    </section>
  );
}
