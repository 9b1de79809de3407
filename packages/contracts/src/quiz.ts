import { z } from 'zod';
import { EmailSchema, NewPasswordSchema, TokenPairSchema } from './accounts.ts';
import { ProductSchema } from './catalog.ts';
import { MAX_AGE, MIN_AGE, PASSWORD_MAX, QUIZ_FLAVOR_COUNT, QUIZ_STEPS } from './constants.ts';

/**
 * A list answer: option ids, or option objects read by their id (docs/api-conventions.md#wire-shapes).
 */
const OptionIdSchema = z.number().int().min(0).max(10_000);
export const OptionRefSchema = z.union([
  OptionIdSchema,
  z
    .object({
      id: OptionIdSchema,
      displayName: z.string().max(200).optional(),
      isChecked: z.boolean().optional(),
      img: z.string().max(500).optional(),
    })
    .transform((o) => o.id),
]);
const OptionListSchema = z.array(OptionRefSchema).max(60).default([]);

/** Registration data of step 12 (docs/api-conventions.md#wire-shapes). */
export const ProfileInfoSchema = z.object({
  emailAddress: z.string().trim().max(254).nullable().optional(),
  age: z.number().int().min(0).max(MAX_AGE).nullable().optional(),
  phoneNumber: z.string().trim().max(30).nullable().optional(),
});
export type ProfileInfo = z.infer<typeof ProfileInfoSchema>;

/** POST /theQuiz/TakeQuiz body: the quiz so far. Passwords are consumed at registration, never stored. */
export const QuizInputSchema = z.object({
  /** Absent, null, "" or "0" creates a quiz; an id updates it. */
  id: z.string().max(64).nullable().optional(),
  exerciseTypes: OptionListSchema,
  exerciseFrequency: OptionRefSchema.nullable().optional(),
  fitnessGoals: OptionListSchema,
  lifestylePerformanceGoals: OptionListSchema,
  dietaryPreferences: OptionListSchema,
  dietaryRestrictions: OptionListSchema,
  brandUsages: OptionListSchema,
  dislikedBrands: OptionListSchema,
  proteinMixes: OptionListSchema,
  flavors: z.array(OptionRefSchema).max(QUIZ_FLAVOR_COUNT, 'Please choose at most 4 flavors.').default([]),
  textures: OptionListSchema,
  usedProteinBefore: z.boolean().nullable().optional(),
  profileInfo: ProfileInfoSchema.nullable().optional(),
  /** Read only when registering; never stored or returned. */
  password: z.string().max(PASSWORD_MAX).nullable().optional(),
  confirmPassword: z.string().max(PASSWORD_MAX).nullable().optional(),
  /** Read only when registering: the "Email me news and offers" box (absent or null means no). */
  isEmailSubscribed: z.boolean().nullable().optional(),
  /**
   * The step just answered (1-12), so the store keeps each quiz's furthest step
   * (docs/product.md#insights); without it the furthest step whose answer the quiz holds counts.
   */
  step: z.number().int().min(1).max(QUIZ_STEPS).nullable().optional(),
  /** Set by the server; ignored when sent. */
  orderId: z.unknown().optional(),
  /** Set by the server; ignored when sent. */
  dateCreated: z.unknown().optional(),
});
export type QuizInput = z.input<typeof QuizInputSchema>;

/** POST /theQuiz/TakeQuiz query. */
export const TakeQuizQuerySchema = z.object({
  registration: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  referralCode: z.string().trim().max(64).optional(),
});

/** A stored quiz as GET /theQuiz/GetItem answers it: no password fields, ever. */
export const QuizSchema = z.object({
  id: z.string(),
  exerciseTypes: z.array(z.number().int()),
  exerciseFrequency: z.number().int().nullable(),
  fitnessGoals: z.array(z.number().int()),
  lifestylePerformanceGoals: z.array(z.number().int()),
  dietaryPreferences: z.array(z.number().int()),
  dietaryRestrictions: z.array(z.number().int()),
  brandUsages: z.array(z.number().int()),
  dislikedBrands: z.array(z.number().int()),
  proteinMixes: z.array(z.number().int()),
  flavors: z.array(z.number().int()),
  textures: z.array(z.number().int()),
  usedProteinBefore: z.boolean().nullable(),
  profileInfo: z.object({
    emailAddress: z.string().nullable(),
    age: z.number().int().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  /** The first box's order once results were computed; null before. */
  orderId: z.string().nullable(),
  dateCreated: z.string(),
});
export type Quiz = z.infer<typeof QuizSchema>;

/** POST /theQuiz/TakeQuiz answer. */
export const QuizSubmitResponseSchema = z.object({
  id: z.string(),
  profileInfo: QuizSchema.shape.profileInfo,
  /** Only when registering: the new account's tokens. */
  authenticationResult: TokenPairSchema.optional(),
});
export type QuizSubmitResponse = z.infer<typeof QuizSubmitResponseSchema>;

/** The registration step's rule (docs/product.md#rules, docs/api-conventions.md#wire-shapes, docs/product.md#sign-up): used by the form and the server. */
export const QuizRegistrationSchema = z
  .object({
    emailAddress: EmailSchema,
    /** The accounts module's policy; it also refuses the most common passwords. */
    password: NewPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password.'),
    age: z
      .number({ error: 'Please choose your age.' })
      .int()
      .max(MAX_AGE, `Please choose an age of ${MAX_AGE} or less.`),
    /** Optional; a 10-digit U.S. number when given. */
    phoneNumber: z
      .string()
      .trim()
      .max(30)
      .refine((v) => v === '' || /^\D*(\d\D*){10}$/.test(v), 'Please enter a valid phone number')
      .nullable()
      .optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  })
  .refine((v) => v.age >= MIN_AGE, { message: `You must be ${MIN_AGE} or older to join.`, path: ['age'] });

/** POST product/GetProductQuizResults body: the quiz, of which only the id is read. */
export const QuizResultsRequestSchema = z.object({
  id: z.string().min(1, 'The quiz id is required.').max(64),
});

/** POST product/GetProductQuizResults answer. */
export const QuizResultsSchema = z.object({
  products: z.array(ProductSchema),
  orderId: z.string(),
});
export type QuizResults = z.infer<typeof QuizResultsSchema>;

/** GET product/GetQuizProducts?quizId query. */
export const QuizIdQuerySchema = z.object({ quizId: z.string().min(1).max(64) });
/** GET /theQuiz/GetItem?id query. */
export const IdQuerySchema = z.object({ id: z.string().min(1).max(64) });
