/*
 * The sign-in forms' schemas, loaded by the forms after their page has hydrated
 * (lib/use-zod-form.ts): zod and these schemas are about 23 kB gzip that the login, sign-up and
 * password pages need only once someone types (docs/performance.md#initial-javascript).
 */
export { ForgotPasswordSchema, LoginSchema, RegisterSchema, SendLoginLinkSchema } from '@store/contracts';
export { NewPasswordFormSchema } from './new-password-form.ts';
