import type { NoticeData, NoticeKind } from './kinds/index.js';

/** A notification to send: to whom, of which kind, with its data (typed by the kind). */
export type NoticeFor<K extends NoticeKind = NoticeKind> = {
  [N in K]: { userId: bigint; kind: N; data: NoticeData<N> };
}[K];
