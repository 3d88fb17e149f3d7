/** Where a command writes its messages (stdout and stderr in the real CLI, buffers in tests). */
export type CommandIo = { out: (text: string) => void; err: (text: string) => void };

/** A subcommand of `handfont`: its usage text and what it does; resolves to the exit code. */
export type Command = { usage: string; run: (args: string[], io: CommandIo) => Promise<number> };

/** Exit code for a command line that cannot be understood. */
export const EXIT_USAGE = 2;

/** Thrown by argument parsing; the command prints the message with its usage and exits with EXIT_USAGE. */
export class UsageError extends Error {}
