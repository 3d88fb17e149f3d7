/** Where a command writes its messages (stdout and stderr in the real CLI, buffers in tests). */
export type CommandIo = { out: (text: string) => void; err: (text: string) => void };

/** A subcommand of `handfont`: its usage text and what it does; resolves to the exit code. */
export type Command = { usage: string; run: (args: string[], io: CommandIo) => Promise<number> };

/**
 * A `handfont read` of this many files or fewer is a short run: over before the optimising compiler's work or a new
 * thread's (loading the engine, compiling its loops) pays back (see isShortRun and the read command's helpers).
 */
export const SHORT_RUN_FILES = 3;

/** Exit code for a command line that cannot be understood. */
export const EXIT_USAGE = 2;

/** Thrown by argument parsing; the command prints the message with its usage and exits with EXIT_USAGE. */
export class UsageError extends Error {}
