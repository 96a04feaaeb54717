import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { CloseButton } from './close-button';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

type Toast = { id: number; kind: ToastKind; message: string; isLeaving: boolean };

type ToastApi = {
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
};

/** SPEC §9: toasts hide after 3 s and slide for 0.3 s. */
const VISIBLE_MS = 3000;
const SLIDE_MS = 300;

const styles: Record<ToastKind, { box: string; icon: string; symbol: string }> = {
  success: { box: 'border-green-200 bg-green-50 text-green-900', icon: 'bg-green-600', symbol: '✓' },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'bg-red-600', symbol: '!' },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: 'bg-amber-500', symbol: '!' },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: 'bg-sky-600', symbol: 'i' },
};

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<number>());

  const later = useCallback((fn: () => void, ms: number) => {
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, isLeaving: true } : toast)));
      later(() => setToasts((list) => list.filter((toast) => toast.id !== id)), SLIDE_MS);
    },
    [later],
  );

  const api = useMemo<ToastApi>(() => {
    const show = (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, message, isLeaving: false }]);
      later(() => dismiss(id), VISIBLE_MS);
    };
    return {
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      warning: (message) => show('warning', message),
      info: (message) => show('info', message),
    };
  }, [dismiss, later]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 top-14 z-50 flex flex-col items-center gap-2 p-3 sm:inset-x-auto sm:right-0 sm:items-end sm:p-4"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-3 shadow-lg motion-reduce:animate-none',
              styles[toast.kind].box,
              toast.isLeaving ? 'animate-toast-out' : 'animate-toast-in',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-xs font-bold text-white',
                styles[toast.kind].icon,
              )}
            >
              {styles[toast.kind].symbol}
            </span>
            <p className="flex-1 pt-0.5 text-sm font-medium">{toast.message}</p>
            <CloseButton onClick={() => dismiss(toast.id)} className="-my-1 -mr-1" />
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
