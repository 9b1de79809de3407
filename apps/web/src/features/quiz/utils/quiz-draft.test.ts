import type { Quiz } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { draftFromQuiz, draftKey, emptyDraft, readDraft, toQuizInput, writeDraft } from './quiz-draft.ts';

/** A tiny Storage stand-in: session storage does not exist in Node. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    raw: items,
  };
}

describe('draft storage', () => {
  it('round-trips a draft through storage', () => {
    const storage = memoryStorage();
    const draft = { ...emptyDraft(), id: 'q-1', flavors: [1, 2, 3, 4], usedProteinBefore: false };
    writeDraft(storage, draftKey(), draft);
    expect(readDraft(storage, draftKey())).toEqual(draft);
  });

  it('treats a missing or corrupt draft as none', () => {
    const storage = memoryStorage();
    expect(readDraft(storage, draftKey())).toBeNull();
    storage.setItem(draftKey(), '{not json');
    expect(readDraft(storage, draftKey())).toBeNull();
    storage.setItem(draftKey(), JSON.stringify({ id: 5 }));
    expect(readDraft(storage, draftKey())).toBeNull();
  });

  it('never stores a password, even when one is slipped into the draft', () => {
    const storage = memoryStorage();
    writeDraft(storage, draftKey(), { ...emptyDraft(), password: 'secret-pass' } as never);
    expect(storage.raw.get(draftKey())).not.toContain('secret-pass');
  });

  it('refuses a draft whose answers are of the wrong kind, field by field', () => {
    const storage = memoryStorage();
    const good = { ...emptyDraft(), flavors: [1, 2, 3, 4] };
    const broken = [
      { ...good, flavors: [1, 2.5] },
      { ...good, textures: ['1'] },
      { ...good, dislikedBrands: undefined },
      { ...good, exerciseFrequency: '2' },
      { ...good, usedProteinBefore: 'yes' },
      { ...good, profileInfo: { ...good.profileInfo, age: 30.5 } },
      { ...good, profileInfo: { emailAddress: 'a@b.co', age: 30 } },
      { ...good, noticesShown: { lactose: true } },
      [good],
    ];
    for (const draft of broken) {
      storage.setItem(draftKey(), JSON.stringify(draft));
      expect(readDraft(storage, draftKey()), JSON.stringify(draft)).toBeNull();
    }
    storage.setItem(draftKey(), JSON.stringify(good));
    expect(readDraft(storage, draftKey())).toEqual(good);
  });

  it("keeps only the draft's own fields, however deep the stray one is", () => {
    const storage = memoryStorage();
    const draft = emptyDraft();
    const stray = {
      ...draft,
      token: 'x-token',
      profileInfo: { ...draft.profileInfo, password: 'secret-pass' },
    };
    writeDraft(storage, draftKey(), stray as never);
    expect(JSON.parse(storage.raw.get(draftKey()) ?? '')).toEqual(draft);
  });

  it('keeps an edited quiz apart from a new one', () => {
    expect(draftKey('abc')).not.toBe(draftKey());
  });
});

describe('toQuizInput', () => {
  it('sends empty registration fields as null and leaves out the notice flags', () => {
    const input = toQuizInput({ ...emptyDraft(), flavors: [3] });
    expect(input.profileInfo).toEqual({ emailAddress: null, age: null, phoneNumber: null });
    expect(input).not.toHaveProperty('noticesShown');
    expect(input).not.toHaveProperty('password');
    expect(input.flavors).toEqual([3]);
  });

  it('adds the passwords only when given', () => {
    const input = toQuizInput(emptyDraft(), { password: 'a-b-c-d-e', confirmPassword: 'a-b-c-d-e' });
    expect(input.password).toBe('a-b-c-d-e');
    expect(input.confirmPassword).toBe('a-b-c-d-e');
  });
});

describe('draftFromQuiz', () => {
  it('reads a stored quiz and does not repeat its warnings', () => {
    const quiz: Quiz = {
      ...emptyDraft(),
      id: 'q-9',
      flavors: [1, 2, 3, 4],
      profileInfo: { emailAddress: 'a@b.co', age: 40, phoneNumber: null },
      orderId: null,
      dateCreated: '2026-01-01T00:00:00.000Z',
    };
    const draft = draftFromQuiz(quiz);
    expect(draft.id).toBe('q-9');
    expect(draft.profileInfo).toEqual({ emailAddress: 'a@b.co', age: 40, phoneNumber: '' });
    expect(draft.noticesShown).toEqual({ lactose: true, vegan: true });
  });
});
