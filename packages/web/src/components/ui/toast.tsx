import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@verdant/contract';
import { cn } from '../../lib/cn';
import { ToneIcon, type Tone } from './alert';

export type ToastKind = Tone;

export interface ToastOptions {
  /** Milliseconds before it disappears; 3000 by default. */
  duration?: number;
  title?: string;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  title?: string;
  duration: number;
}

export interface ToastApi {
  show: (kind: ToastKind, message: string, options?: ToastOptions) => number;
  success: (message: string, options?: ToastOptions) => number;
  danger: (message: string, options?: ToastOptions) => number;
  warning: (message: string, options?: ToastOptions) => number;
  info: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const KIND_CLASSES: Record<ToastKind, string> = {
  success: 'border-green-700 bg-green-700 text-white',
  danger: 'border-red-700 bg-red-700 text-white',
  warning: 'border-amber-400 bg-amber-300 text-amber-950',
  info: 'border-blue-700 bg-blue-700 text-white',
};

function ToastView({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation('app');
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDismiss]);
  return (
    <li
      role={toast.kind === 'danger' ? 'alert' : 'status'}
      data-kind={toast.kind}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg',
        KIND_CLASSES[toast.kind],
      )}
    >
      <ToneIcon tone={toast.kind} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        <p>{toast.message}</p>
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md opacity-90 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
        aria-label={t('ui.dismiss')}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
          <path fill="currentColor" d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </li>
  );
}

/** Holds the toasts and renders them above the bottom bar on phones, top right on desktop. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const show = useCallback((kind: ToastKind, message: string, options?: ToastOptions) => {
    const id = nextId.current++;
    const item: ToastItem = { id, kind, message, title: options?.title, duration: options?.duration ?? TOAST_DURATION_MS };
    setToasts((list) => [...list.slice(-4), item]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (m, o) => show('success', m, o),
      danger: (m, o) => show('danger', m, o),
      warning: (m, o) => show('warning', m, o),
      info: (m, o) => show('info', m, o),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ol
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-20 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 px-4 md:bottom-auto md:right-4 md:top-4 md:left-auto md:mx-0 md:px-0"
      >
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </ol>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
