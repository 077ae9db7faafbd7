// The package ships no types; these are the two calls the data-directory lock uses (flock on Linux).
declare module 'fs-native-extensions' {
  const fsx: {
    /** Takes an exclusive lock on the open file without waiting; false when another holder has it. */
    tryLock(fd: number): boolean;
    unlock(fd: number): void;
  };
  export default fsx;
}
