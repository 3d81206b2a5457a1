/**
 * Ends a command-line tool with the code its `command` resolves to. A failure is printed, as its message alone
 * when it is one the tool expects (`expected`: a user can act on it without a stack), and exits with
 * `exitCode(error)`, 1 unless the tool says otherwise.
 */
export function exitWhenDone(
  command: Promise<number>,
  expected: (error: unknown) => error is Error,
  exitCode: (error: unknown) => number = () => 1,
): void {
  command.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(expected(error) ? error.message : error);
      process.exit(exitCode(error));
    },
  );
}
