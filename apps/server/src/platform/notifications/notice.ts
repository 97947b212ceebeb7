import type { z } from 'zod';

/**
 * One kind of notification: the data it is told with (checked by its schema), whether it is
 * emailed too (money and security events), and the words the customer reads. The code where
 * something happens says what happened (`deps.notifications.send(trx, userId, 'transfer.failed',
 * {…})`); the kind says how it is told.
 */
export interface NoticeSpec<S extends z.ZodType = z.ZodType> {
  data: S;
  email: boolean;
  render(data: z.output<S>): { title: string; body: string };
}

export const notice = <S extends z.ZodType>(spec: NoticeSpec<S>): NoticeSpec<S> => spec;
