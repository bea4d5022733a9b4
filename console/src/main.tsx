import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureTokenFromHash } from './lib/api-token';
import './styles/index.css';

// Before anything renders: the `#token=` link must not reach the router or the address bar.
captureTokenFromHash();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
