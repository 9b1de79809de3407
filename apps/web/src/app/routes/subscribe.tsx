import { PlanChoicePage } from '@/features/plan-choice/components/plan-choice-page.tsx';

/** /subscribe/:orderId (guarded): the plan-choice screen (docs/product.md#quiz-and-first-box). */
export default function SubscribeRoute() {
  return <PlanChoicePage />;
}
