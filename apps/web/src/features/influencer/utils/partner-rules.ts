/**
 * The ambassador form's rules: the server's own schema, with zod. Loaded once the page has
 * hydrated rather than with it (docs/performance.md#initial-javascript); `partner-form.ts` says
 * what the form shows meanwhile.
 */
export { partnerRequestErrors } from '@store/contracts';
