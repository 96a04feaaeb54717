import type { SavedAnswer, StoredAnswer } from '@app/domain/online-tests.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { saveAnswer } from '../api/attempts';

type Entry = { answer: StoredAnswer | null; review: boolean; seq: number };
type Stored = { seq: number; answers: Record<string, Entry>; pending: number[] };

const RETRY_MS = 5000;
const keyOf = (attemptId: string) => `attempt:${attemptId}`;

function load(attemptId: string): Stored {
  try {
    const value = JSON.parse(localStorage.getItem(keyOf(attemptId)) ?? 'null') as Stored | null;
    if (value && typeof value.seq === 'number' && value.answers && Array.isArray(value.pending)) return value;
  } catch {
    // Unreadable: start from the server's answers.
  }
  return { seq: 0, answers: {}, pending: [] };
}

/**
 * A sitting's answers as the phone holds them (issue 28): every answer is kept in localStorage with
 * its own sequence number and sent at once; one that could not be sent (no connection) stays pending
 * and goes when the browser is back online (and every few seconds). The server keeps the newest seq of
 * each question, so a late retry never overwrites a newer answer, and it refuses all after the end.
 * On load the server's answers and the phone's are merged, newest seq first: a reload or another phone resumes.
 */
export function useAnswerQueue(attemptId: string, fromServer: readonly SavedAnswer[], { active }: { active: boolean }) {
  const state = useRef<Stored | null>(null);
  if (state.current === null) {
    const stored = load(attemptId);
    for (const saved of fromServer) {
      const mine = stored.answers[saved.questionId];
      if (!mine || mine.seq < saved.seq) {
        stored.answers[saved.questionId] = { answer: saved.answer, review: saved.review, seq: saved.seq };
        stored.pending = stored.pending.filter((id) => id !== saved.questionId);
      }
      stored.seq = Math.max(stored.seq, saved.seq);
    }
    state.current = stored;
  }
  const [, render] = useState(0);
  const [timeUp, setTimeUp] = useState(false);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const sending = useRef(false);

  const persist = useCallback(() => {
    localStorage.setItem(keyOf(attemptId), JSON.stringify(state.current));
    render((n) => n + 1);
  }, [attemptId]);

  const flush = useCallback(async () => {
    const current = state.current;
    if (!current || sending.current || !active) return;
    sending.current = true;
    try {
      for (const questionId of [...current.pending]) {
        const entry = current.answers[questionId];
        if (!entry) continue;
        try {
          await saveAnswer(attemptId, questionId, entry);
          setOnline(true);
        } catch (error) {
          if (error instanceof ApiError && error.status === 0) {
            setOnline(false);
            return;
          }
          if (error instanceof ApiError && error.status === 409) setTimeUp(true);
          // Refused for good (time up, or a question no longer there): not sent again.
        }
        // Sent (or refused for good): off the list, unless a newer answer came meanwhile.
        if (current.answers[questionId]?.seq === entry.seq)
          current.pending = current.pending.filter((id) => id !== questionId);
        persist();
      }
    } finally {
      sending.current = false;
    }
  }, [attemptId, active, persist]);

  useEffect(() => {
    const back = () => {
      setOnline(true);
      void flush();
    };
    const gone = () => setOnline(false);
    window.addEventListener('online', back);
    window.addEventListener('offline', gone);
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    void flush();
    return () => {
      window.removeEventListener('online', back);
      window.removeEventListener('offline', gone);
      window.clearInterval(timer);
    };
  }, [flush]);

  const setAnswer = useCallback(
    (questionId: number, change: { answer?: StoredAnswer | null; review?: boolean }) => {
      const current = state.current as Stored;
      const before = current.answers[questionId] ?? { answer: null, review: false, seq: 0 };
      current.seq += 1;
      current.answers[questionId] = { ...before, ...change, seq: current.seq };
      if (!current.pending.includes(questionId)) current.pending.push(questionId);
      persist();
      void flush();
    },
    [flush, persist],
  );

  const current = state.current;
  return {
    answers: current.answers,
    pending: current.pending.length,
    online,
    timeUp,
    setAnswer,
    flush,
    /** Forgets the phone's copy once the sitting is graded. */
    clear: () => localStorage.removeItem(keyOf(attemptId)),
  };
}
