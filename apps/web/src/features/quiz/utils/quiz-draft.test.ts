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
