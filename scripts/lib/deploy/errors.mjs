// The deploy's two kinds of failure a person can act on: how it was called (exit 2, with the usage), and what it met
// on the way (exit 1, with what to do). Anything else is a bug and is printed with its stack.
export class UsageError extends Error {}
export class DeployError extends Error {}
