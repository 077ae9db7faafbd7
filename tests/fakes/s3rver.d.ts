// s3rver ships no types: the part of its API the fake uses.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string }[] });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
