import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toast/toaster';
import { SessionProvider } from '../lib/session';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <Toaster />
    </SessionProvider>
  );
}
