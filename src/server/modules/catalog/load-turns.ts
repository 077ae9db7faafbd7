/** How many uncached loads run at once, and how many each client address and all of them may have waiting or running. */
export interface LoadTurnsLimits {
  /** Loads running at once (each one's rows are shaped and serialised on the main thread). */
  running: number;
  /** Loads one client address may have waiting or running: one address cannot fill the queue. */
  perClient: number;
  /** Loads waiting, all addresses together: the queue is bounded. */
  waiting: number;
}

/** A load some clients wait for: it starts once, in the turn of whichever of them comes first. */
export interface Turn<T> {
  readonly result: Promise<T>;
}

interface Task {
  state: 'waiting' | 'running' | 'settled';
  clients: Set<string>;
  /** The address in whose turn it started. */
  startedFor?: string;
  start(client: string): void;
  cancel(reason: Error): void;
}

/**
 * Fair turns for uncached loads (docs/decisions/0037): each client address has its own queue, and a
 * freed slot goes to the address whose last load started longest ago (round robin), so a flood from
 * one address delays that address, not every other. One address runs at most all slots but one at
 * once: another address's load starts at once, not after one of the flood's (loads cannot be
 * interrupted, and the largest take a while). A load several addresses asked for waits in each of
 * their queues and runs in the first turn it gets.
 */
export class LoadTurns {
  private running = 0;
  private waiting = 0;
  private readonly queues = new Map<string, Task[]>();
  /** When each address with loads held last had one started: the turn goes to the one served longest ago. */
  private readonly servedAt = new Map<string, number>();
  private ticks = 0;
  /** Loads waiting or running per address. */
  private readonly held = new Map<string, number>();
  /** Loads running per address (the one in whose turn each started). */
  private readonly runningFor = new Map<string, number>();
  /** What one address may run at once: every slot but one, when there are two or more. */
  private readonly runningPerClient: number;
  private readonly tasks = new WeakMap<Turn<unknown>, Task>();

  constructor(private readonly limits: LoadTurnsLimits) {
    this.runningPerClient = Math.max(1, limits.running - 1);
  }

  /** True when `client` may queue another load. */
  admits(client: string): boolean {
    return (this.held.get(client) ?? 0) < this.limits.perClient && this.waiting < this.limits.waiting;
  }

  /** Queues `load` for `client` (call `admits` first) and starts what may start. */
  add<T>(client: string, load: () => Promise<T>): Turn<T> {
    let task!: Task;
    const result = new Promise<T>((resolve, reject) => {
      task = {
        state: 'waiting',
        clients: new Set(),
        start: (starter) => {
          task.state = 'running';
          task.startedFor = starter;
          this.waiting--;
          this.running++;
          this.runningFor.set(starter, (this.runningFor.get(starter) ?? 0) + 1);
          new Promise<T>((loaded) => loaded(load()))
            .then(resolve, reject)
            .finally(() => this.settle(task, 'running'));
        },
        cancel: (reason) => {
          reject(reason);
          this.settle(task, 'waiting');
        },
      };
    });
    const turn: Turn<T> = { result };
    this.tasks.set(turn, task);
    this.waiting++;
    this.enqueue(client, task);
    this.startNext();
    return turn;
  }

  /** Puts a waiting `turn` in `client`'s queue too, when `client` is admitted; a running one needs no turn. */
  join(client: string, turn: Turn<unknown>): void {
    const task = this.tasks.get(turn);
    if (task?.state === 'waiting' && !task.clients.has(client) && this.admits(client)) this.enqueue(client, task);
  }

  /** True once `turn`'s load has started. */
  isRunning(turn: Turn<unknown>): boolean {
    return this.tasks.get(turn)?.state === 'running';
  }

  /** Takes a turn that has not started out of every queue, rejecting its result with `reason`. */
  cancel(turn: Turn<unknown>, reason: Error): void {
    const task = this.tasks.get(turn);
    if (task?.state === 'waiting') task.cancel(reason);
  }

  private enqueue(client: string, task: Task): void {
    task.clients.add(client);
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    const queue = this.queues.get(client);
    if (queue) queue.push(task);
    else this.queues.set(client, [task]);
  }

  private settle(task: Task, from: Task['state']): void {
    if (from === 'running') {
      this.running--;
      const starter = task.startedFor as string;
      const left = (this.runningFor.get(starter) ?? 1) - 1;
      if (left > 0) this.runningFor.set(starter, left);
      else this.runningFor.delete(starter);
    } else this.waiting--;
    task.state = 'settled';
    for (const client of task.clients) {
      const left = (this.held.get(client) ?? 1) - 1;
      if (left > 0) this.held.set(client, left);
      else {
        this.held.delete(client);
        this.servedAt.delete(client);
      }
    }
    this.startNext();
  }

  /**
   * Fills free slots, each from the queue of the address served longest ago among those running less
   * than their share, skipping tasks that started from another queue or were cancelled.
   */
  private startNext(): void {
    while (this.running < this.limits.running) {
      let next: { client: string; at: number } | undefined;
      for (const [client, queue] of this.queues) {
        while (queue[0] && queue[0].state !== 'waiting') queue.shift();
        if (queue.length === 0) {
          this.queues.delete(client);
          continue;
        }
        if ((this.runningFor.get(client) ?? 0) >= this.runningPerClient) continue;
        const at = this.servedAt.get(client) ?? 0;
        if (!next || at < next.at) next = { client, at };
      }
      if (!next) return;
      this.servedAt.set(next.client, ++this.ticks);
      this.queues.get(next.client)?.shift()?.start(next.client);
    }
  }
}
