import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type NewQuiz, type QuizRow, quizzes } from './quiz.table.ts';

export async function findQuiz(db: Db, id: string): Promise<QuizRow | undefined> {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, id)).limit(1);
  return row;
}

export async function insertQuiz(db: Db, quiz: NewQuiz): Promise<QuizRow> {
  const [row] = await db.insert(quizzes).values(quiz).returning();
  return row!;
}

export async function updateQuiz(
  db: Db,
  id: string,
  changes: Partial<NewQuiz>,
): Promise<QuizRow | undefined> {
  const [row] = await db.update(quizzes).set(changes).where(eq(quizzes.id, id)).returning();
  return row;
}

/** The identity's most recently changed quiz. */
export async function latestQuizOf(db: Db, identityId: string): Promise<QuizRow | undefined> {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(eq(quizzes.identityId, identityId))
    .orderBy(desc(quizzes.updatedAt))
    .limit(1);
  return row;
}
