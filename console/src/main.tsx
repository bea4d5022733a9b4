import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureSignInToken } from './lib/sign-in-link';
import './styles/index.css';

// Before anything renders: the `#signInToken=` link must not reach the router or the address bar.
captureSignInToken();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
