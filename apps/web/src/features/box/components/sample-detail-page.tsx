import { productName } from '@store/contracts';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { useSampleChoices } from '../api/box-api.ts';
import { addChosenSample, useChosenSamples } from '../utils/chosen-samples.ts';
import { BoxState } from './build-your-box-page.tsx';

/**
 * /sample-detail/:orderId/:productId (docs/product.md#states-and-flows): one of the samples the member may choose for
 * this box, with its nutrition facts and CHOOSE; anything else (a prime pick, a product had before) is not offered.
 */
export function SampleDetailPage({ orderId, productId }: { orderId: string; productId: number }) {
  const { data, error, reload } = useSampleChoices(orderId);
  const chosen = useChosenSamples(orderId);
  const navigate = useNavigate();
  if (!data) return <BoxState error={error} onRetry={reload} title="Sample" />;
  const product = data.find((p) => p.id === productId);
  if (!product) {
    return (
      <main className="box-page">
        <PageTitle title="Sample not available" />
        <div className="box-page__state">
          <h1 className="box-page__title">This sample is not available for this box</h1>
          <p>It is already in your box, you had it in an earlier box, or it does not fit your answers.</p>
          <Button onClick={() => navigate(paths.chooseSamples(orderId))}>
            See the samples you can choose
          </Button>
        </div>
      </main>
    );
  }
  const name = productName(product);
  const isChosen = chosen.includes(product.id);
  const isFull = chosen.length >= 2;
  return (
    <main className="box-page">
      <PageTitle title={name} />
      <article className="sample-detail">
        <img
          className="sample-detail__image"
          src={product.sampleImage.originalPath}
          alt={`${name} sample packet`}
          width={280}
          height={280}
        />
        <div>
          <p className="box-page__lead">{product.brandText}</p>
          <h1 className="box-page__title">{name}</h1>
          <p>{product.description}</p>
          <ul className="sample-detail__facts">
            <li>{product.gramsProteinContent} g protein</li>
            {product.flavorSubCategoryText ? <li>{product.flavorSubCategoryText}</li> : null}
          </ul>
          {/* What is in it, before choosing it (docs/product.md#member-area). */}
          <details className="sample-detail__nutrition">
            <summary>Nutrition Facts</summary>
            <img
              src={product.nutritionInfo.originalPath}
              alt={`Nutrition facts of ${product.brandText} ${name}`}
              width={320}
              height={480}
              loading="lazy"
            />
          </details>
          <div className="box-page__actions">
            <Button
              aria-label={isChosen ? `${name} is chosen` : `Choose ${name}`}
              disabled={isChosen || isFull}
              onClick={() => {
                addChosenSample(orderId, product.id);
                navigate(paths.chooseSamples(orderId));
              }}
            >
              {isChosen ? 'CHOSEN' : 'CHOOSE'}
            </Button>
            <Button variant="secondary" onClick={() => navigate(paths.chooseSamples(orderId))}>
              Back
            </Button>
          </div>
        </div>
      </article>
    </main>
  );
}
