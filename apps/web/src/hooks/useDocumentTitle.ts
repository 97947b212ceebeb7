import { useEffect } from 'react';
import { BANK_NAME } from '../lib/brand';

/** Names the browser tab after the page ("Sign in · Cedar Bank"): what a screen reader says first. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${BANK_NAME}`;
  }, [title]);
}
