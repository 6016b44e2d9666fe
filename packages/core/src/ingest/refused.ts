// RefusedSource: the one error a logo source is refused with, and the helpers that raise it.
import type { Pixels } from "../render/image-data.ts";

export class RefusedSource extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`refused logo source: ${reason}`);
    this.name = "RefusedSource";
    this.reason = reason;
  }
}

export const refuse: (reason: string) => never = (reason) => {
  throw new RefusedSource(reason);
};

/** Runs a decoder, turning whatever it throws into a RefusedSource. */
export async function run(format: string, decode: () => Promise<Pixels>): Promise<Pixels> {
  try {
    return await decode();
  } catch (error) {
    if (error instanceof RefusedSource) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new RefusedSource(`${format} decode failed: ${message.slice(0, 120)}`);
  }
}
