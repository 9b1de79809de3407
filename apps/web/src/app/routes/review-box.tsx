import { ReviewBoxPage } from '@/features/reviews/components/review-box-page.tsx';

/** /review-box (guarded): the current box's samples, with SHOP and REVIEW. */
export default function ReviewBoxRoute() {
  return <ReviewBoxPage />;
}
