/** Vite's `?url` imports: the file is emitted to /assets/ under a hashed name, its address imported. */
declare module '*?url' {
  const url: string;
  export default url;
}
