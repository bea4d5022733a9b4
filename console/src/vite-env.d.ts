/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the Trawl API; the console's own origin when unset. */
  readonly VITE_TRAWL_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
