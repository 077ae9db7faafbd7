/** Lets calls through one at a time while closed (a test opens the gate, steps it, or keeps it shut), so a test sees a job in the middle. */
export class Gate {
  private isOpen = true;
  private permits = 0;
  private waiting: (() => void)[] = [];
  close() {
    this.isOpen = false;
  }
  open() {
    this.isOpen = true;
    this.waiting.splice(0).forEach((go) => go());
  }
  step() {
    const go = this.waiting.shift();
    if (go) go();
    else this.permits += 1;
  }
  pass(): Promise<void> {
    if (this.isOpen) return Promise.resolve();
    if (this.permits > 0) {
      this.permits -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
