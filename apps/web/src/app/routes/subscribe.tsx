import { PlanChoicePage } from '@/features/plan-choice/components/plan-choice-page.tsx';

/** /subscribe/:orderId (guarded): the plan-choice screen (spec 000 §2). */
export default function SubscribeRoute() {
  return <PlanChoicePage />;
}
