/**
 * Debian's nginx (`apt-get install nginx`), the release-day edge cache (test/load/edge-cache.ts);
 * test/setup/machine.ts installs it for `npm test` as it does Chromium. NGINX_PATH names another.
 */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
