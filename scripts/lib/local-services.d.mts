// Types for local-services.mjs (used by the deploy rehearsal's test).
export type Ports = { img: number; api: number; beta: number; gateway: number; inspector: number };
export const DEFAULT_PORTS: Ports;
export function freePorts(): Promise<Ports>;
export function portsFree(ports: Ports): Promise<boolean>;
export function hostUrls(ports: Ports): { img: string; api: string; beta: string };
export function startLocalServices(options: {
  configs: { img: string; api: string; beta: string };
  persistTo: string;
  ports: Ports;
  log?: (line: string) => void;
  timeoutMs?: number;
}): Promise<{ urls: { img: string; api: string; beta: string }; stop(): Promise<void>; exited: Promise<number> }>;
export function answers(url: string): Promise<boolean>;
