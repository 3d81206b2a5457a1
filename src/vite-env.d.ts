/// <reference types="vite/client" />

/** Build id injected by the version plugin of vite.config.ts; dist/version.json carries the same. */
declare const __BUILD_ID__: string;
