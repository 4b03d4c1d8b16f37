export const EXIT = { ok: 0, other: 1, usage: 2, notFound: 3, conflict: 4, unauthorized: 5 } as const;

/** A failure the CLI explains in one message and ends with its own exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = EXIT.other, readonly hint?: string) {
    super(message);
  }
}

/** The command line itself is wrong; help for the command (named as typed: `agents start`) follows the message. */
export class UsageError extends CliError {
  readonly command?: string;
  constructor(message: string, command?: { name: string }, readonly group?: string) {
    super(message, EXIT.usage);
    if (command) this.command = command.name;
  }
}

/** The API answered with an error status. */
export class ApiError extends CliError {
  constructor(readonly status: number, message: string, hint?: string) {
    super(message, exitCodeFor(status), hint);
  }
}

/** 400 is the caller's input the API refused, so it counts as a usage error. */
export function exitCodeFor(status: number): number {
  if (status === 400) return EXIT.usage;
  if (status === 404) return EXIT.notFound;
  if (status === 409) return EXIT.conflict;
  if (status === 401 || status === 403) return EXIT.unauthorized;
  return EXIT.other;
}
