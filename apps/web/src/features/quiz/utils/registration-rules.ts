/**
 * The registration step's email and password rules: the server's own schemas, with zod. Loaded
 * once the quiz has hydrated rather than with its first step (docs/performance.md#initial-javascript).
 */
export { EmailSchema, NewPasswordSchema } from '@store/contracts';
