// Types of proxy.mjs for the TypeScript code that starts it (the scale-out test).
export interface ReverseProxy {
  url: string;
  port: number;
  /** Requests each upstream answered, in the order given. */
  answered(): { upstream: string; requests: number }[];
  close(): Promise<void>;
}
export function startProxy(options: {
  port?: number;
  host?: string;
  upstreams: string[];
}): Promise<ReverseProxy>;
