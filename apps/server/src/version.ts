/** The release, stamped by the build (esbuild `define`); "dev" when run from source. */
declare const __APP_VERSION__: string | undefined;
export const appVersion = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
