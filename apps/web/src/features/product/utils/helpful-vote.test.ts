import type { MarkReviewHelpful, ProductReviews, ReviewHelpful } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { toggleHelpfulVote, withVote } from './helpful-vote.ts';

const review = { id: 'r1', helpfulCount: 3, isMarkedHelpful: false };

/** What the screen showed, in order. */
function screen() {
  const shown: ReviewHelpful[] = [];
  return { shown, show: (state: ReviewHelpful) => shown.push(state) };
}

describe('toggleHelpfulVote', () => {
  it('shows the vote at once, then the count the server kept', async () => {
    const { shown, show } = screen();
    const sent: MarkReviewHelpful[] = [];
    const saved = await toggleHelpfulVote(review, {
      show,
      save: async (vote) => {
        sent.push(vote);
        // Someone else voted meanwhile: the server's count wins.
        return { reviewId: 'r1', helpfulCount: 5, isMarkedHelpful: true };
      },
    });
    expect(sent).toEqual([{ reviewId: 'r1', isHelpful: true }]);
    expect(shown).toEqual([
      { reviewId: 'r1', helpfulCount: 4, isMarkedHelpful: true },
      { reviewId: 'r1', helpfulCount: 5, isMarkedHelpful: true },
    ]);
    expect(saved.helpfulCount).toBe(5);
  });

  it('puts the earlier state back and rethrows when the vote was not saved', async () => {
    const { shown, show } = screen();
    const refused = new Error('That review was not found.');
    await expect(
      toggleHelpfulVote(
        { id: 'r1', helpfulCount: 1, isMarkedHelpful: true },
        {
          show,
          save: async () => {
            throw refused;
          },
        },
      ),
    ).rejects.toBe(refused);
    expect(shown).toEqual([
      { reviewId: 'r1', helpfulCount: 0, isMarkedHelpful: false },
      { reviewId: 'r1', helpfulCount: 1, isMarkedHelpful: true },
    ]);
  });

  it('never shows a count below 0 while taking a vote back', async () => {
    const { shown, show } = screen();
    await toggleHelpfulVote(
      { id: 'r1', helpfulCount: 0, isMarkedHelpful: true },
      { show, save: async () => ({ reviewId: 'r1', helpfulCount: 0, isMarkedHelpful: false }) },
    );
    expect(shown[0]).toEqual({ reviewId: 'r1', helpfulCount: 0, isMarkedHelpful: false });
  });
});

describe('withVote', () => {
  it('changes only that review and keeps the order', () => {
    const base = {
      firstName: 'Casey',
      rating: 5,
      description: 'Mixes smoothly and tastes like real chocolate.',
      dateCreated: '2026-01-01T00:00:00.000Z',
      isMine: false,
    };
    const answer: ProductReviews = {
      productId: 7,
      reviewCount: 2,
      averageRating: null,
      sort: 'helpful',
      reviews: [
        { ...base, id: 'r1', helpfulCount: 2, isMarkedHelpful: false },
        { ...base, id: 'r2', helpfulCount: 1, isMarkedHelpful: false },
      ],
    };
    const next = withVote(answer, { reviewId: 'r2', helpfulCount: 3, isMarkedHelpful: true });
    expect(next.reviews.map((r) => [r.id, r.helpfulCount, r.isMarkedHelpful])).toEqual([
      ['r1', 2, false],
      ['r2', 3, true],
    ]);
    expect(answer.reviews[1]!.helpfulCount).toBe(1);
  });
});
