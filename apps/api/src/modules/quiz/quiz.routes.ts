import {
  IdQuerySchema,
  ProductSchema,
  QuizIdQuerySchema,
  QuizInputSchema,
  QuizResultsRequestSchema,
  QuizResultsSchema,
  QuizSchema,
  QuizSubmitResponseSchema,
  TakeQuizQuerySchema,
} from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import { unauthorized } from '../../http/errors.ts';
import { BEARER_OPTIONAL } from '../../http/openapi.ts';
import { enforceLimit, type LimitRule, type RateLimiter } from '../../http/rate-limit.ts';
import { type Caller, isNewQuizId, type QuizService } from './quiz.service.ts';
import { ownerSecretOf, setOwnerCookie } from './quiz-owner.ts';
import type { QuizResultsService } from './quiz-results.service.ts';

export interface QuizRoutesOptions {
  quiz: QuizService;
  quizResults: QuizResultsService;
  tokens: AccessTokens;
  limiter: RateLimiter;
  config: { publicUrl: string };
}

const MINUTE = 60 * 1000;

/** Anonymous quizzes cost a row each: a browser needs one, a script should not make thousands. */
export const QuizLimits = {
  saveIp: { name: 'quiz-save-ip', max: 300, windowMs: 15 * MINUTE },
  createIp: { name: 'quiz-create-ip', max: 30, windowMs: 60 * MINUTE },
  registerIp: { name: 'quiz-register-ip', max: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, LimitRule>;

const tags = ['quiz'];

/** /theQuiz and the quiz's product/* calls (docs/product.md#calls). */
export async function quizRoutes(app: FastifyInstance, options: QuizRoutesOptions) {
  const { quiz, quizResults, tokens, limiter } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secureCookie = options.config.publicUrl.startsWith('https://');
  const signedIn = requireUser(tokens);

  /**
   * Reads the bearer token when one is sent. A token that is sent but no longer valid is a
   * 401, so the web app refreshes it instead of being treated as a stranger to its own quiz.
   */
  const callerOf = async (request: FastifyRequest): Promise<Caller> => {
    const header = request.headers.authorization;
    let identityId: string | undefined;
    if (header?.startsWith('Bearer ')) {
      identityId = await tokens.verify(header.slice(7).trim());
      if (!identityId) throw unauthorized();
    }
    return { identityId, ownerSecret: ownerSecretOf(request) };
  };
  /**
   * Marks the routes that read an optional bearer token through `callerOf`, so the API
   * description says so (docs/reliability.md#f9); the token itself is read in the handler.
   */
  const readsOptionalBearer = Object.assign(async () => {}, { [BEARER_OPTIONAL]: true });

  r.post(
    '/theQuiz/TakeQuiz',
    {
      schema: {
        tags,
        summary: 'Save the quiz so far; registration=true also creates the account (step 12)',
        querystring: TakeQuizQuerySchema,
        body: QuizInputSchema,
        response: { 200: QuizSubmitResponseSchema },
      },
      preValidation: readsOptionalBearer,
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { registration, referralCode } = request.query;
      await enforceLimit(limiter, QuizLimits.saveIp, request.ip);
      if (isNewQuizId(request.body.id)) await enforceLimit(limiter, QuizLimits.createIp, request.ip);
      if (registration) await enforceLimit(limiter, QuizLimits.registerIp, request.ip);
      const result = await quiz.save(request.body, { registration, referralCode }, caller);
      if (result.newOwnerSecret) setOwnerCookie(reply, result.newOwnerSecret, secureCookie);
      return result.response;
    },
  );

  r.get(
    '/theQuiz/GetItem',
    {
      schema: {
        tags,
        summary: "The caller's quiz (never a password)",
        querystring: IdQuerySchema,
        response: { 200: QuizSchema },
      },
      preValidation: readsOptionalBearer,
    },
    async (request) => quiz.get(request.query.id, await callerOf(request)),
  );

  r.post(
    '/product/GetProductQuizResults',
    {
      schema: {
        tags,
        summary: "The quiz's matches; creates the first box's order once",
        body: QuizResultsRequestSchema,
        response: { 200: QuizResultsSchema },
      },
      // Signed in first: an anonymous call is 401 whatever its body says.
      preValidation: signedIn,
    },
    async (request) => quizResults.results(request.body.id, await callerOf(request)),
  );

  r.get(
    '/product/GetQuizProducts',
    {
      schema: {
        tags,
        summary: "The quiz's matched products",
        querystring: QuizIdQuerySchema,
        response: { 200: z.array(ProductSchema) },
      },
      preValidation: readsOptionalBearer,
    },
    async (request) => quizResults.quizProducts(request.query.quizId, await callerOf(request)),
  );

  r.get(
    '/product/GetPersonalizedOptions',
    {
      schema: {
        tags,
        summary: "Products that suit the member's restrictions, with whether each is unlocked",
        response: { 200: z.array(ProductSchema) },
      },
      preValidation: signedIn,
    },
    async (request) => quizResults.personalizedOptions(userOf(request)),
  );
}
