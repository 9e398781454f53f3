/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the logo image in the public file store; without it the logo is the product name as text. */
  readonly VITE_LOGO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
