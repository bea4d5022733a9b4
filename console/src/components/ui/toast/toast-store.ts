// A tiny external store of toasts (SPEC section 9): at most 5 visible, the rest queued in order;
// each visible toast closes itself after 4000 ms, then leaves with a 250 ms transition.

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** True during the exit transition. */
  leaving: boolean;
}

export const TOAST_AUTO_CLOSE_MS = 4000;
export const TOAST_TRANSITION_MS = 250;
export const TOAST_MAX_VISIBLE = 5;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

function set(next: Toast[]): void {
  toasts = next;
  scheduleVisible();
  emit();
}

/** Starts the auto-close timer of every toast that has become visible. */
function scheduleVisible(): void {
  for (const toast of toasts.slice(0, TOAST_MAX_VISIBLE)) {
    if (timers.has(toast.id) || toast.leaving) continue;
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), TOAST_AUTO_CLOSE_MS),
    );
  }
}

export function showToast(kind: ToastKind, message: string): number {
  // The same message twice at once (a retried call failing again) shows once.
  const same = toasts.find((t) => t.kind === kind && t.message === message && !t.leaving);
  if (same) return same.id;
  const id = nextId++;
  set([...toasts, { id, kind, message, leaving: false }]);
  return id;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  if (!toasts.some((t) => t.id === id && !t.leaving)) return;
  timers.set(
    id,
    setTimeout(() => removeToast(id), TOAST_TRANSITION_MS),
  );
  set(toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
}

function removeToast(id: number): void {
  timers.delete(id);
  set(toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): Toast[] => toasts;

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  info: (message: string) => showToast('info', message),
};
