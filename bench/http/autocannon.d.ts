// autocannon ships no types: the part of its API the bench uses.
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { path?: string; setupRequest?: (request: { path: string }) => { path: string } }[];
  }
  export interface Histogram {
    p50: number;
    p97_5: number;
    p99: number;
    average: number;
  }
  export interface Result {
    requests: Histogram & { total: number; mean: number };
    latency: Histogram & { max: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
