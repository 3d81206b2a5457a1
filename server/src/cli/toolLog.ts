/** What the database says while a command runs goes to standard error, so its output stays the command's own. */
export const toolLog = {
  info: (message: string) => console.error(message),
  warn: (message: string) => console.error(message),
  error: (message: string) => console.error(message),
};
