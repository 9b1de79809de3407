import { NewPasswordSchema } from '@store/contracts';
import { z } from 'zod';

/** The new password, typed twice: a reset is done without seeing the old one, so a typo would lock the person out. */
export const NewPasswordFormSchema = z
  .object({
    password: NewPasswordSchema,
    confirmPassword: z.string().min(1, 'Please type the password again.'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match.',
  });
