/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** OAuth client id sent in the Basic header (Blade `blade_client.client_id`). */
  readonly VITE_CLIENT_ID?: string;
  /** OAuth client secret sent in the Basic header. */
  readonly VITE_CLIENT_SECRET?: string;
  /** `true` turns on switching department and role. */
  readonly VITE_SWITCH_MODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
