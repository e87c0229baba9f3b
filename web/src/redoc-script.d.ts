/** Redoc's standalone script as the web build emits it (web/vite-api-reference.ts): its address. */
declare module 'virtual:redoc-script' {
  const url: string;
  export default url;
}
