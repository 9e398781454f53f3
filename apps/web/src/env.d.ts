/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the logo image in the public file store; without it the logo is the product name as text. */
  readonly VITE_LOGO_URL?: string;
  /** Tag-manager container id; without it no analytics script is ever loaded (lib/analytics.ts). */
  readonly VITE_GTM_ID?: string;
  /** Where the tag-manager script is fetched from (default https://www.googletagmanager.com/gtm.js). */
  readonly VITE_GTM_SCRIPT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
