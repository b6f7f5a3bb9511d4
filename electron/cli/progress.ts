/**
 * Progress on stderr: a bar redrawn in place on a terminal, a line per phase otherwise.
 * It never prints document text.
 */
export class ProgressLine {
  private lastDraw = 0;
  private lastPhase = '';
  private readonly tty = process.stderr.isTTY === true;

  constructor(private readonly quiet: boolean) {}

  update(phase: string, done: number, total: number): void {
    if (this.quiet) return;
    const now = Date.now();
    if (!this.tty) {
      if (phase !== this.lastPhase) process.stderr.write(`${phase}…\n`);
      this.lastPhase = phase;
      return;
    }
    if (phase === this.lastPhase && now - this.lastDraw < 100 && done !== total) return;
    this.lastDraw = now;
    this.lastPhase = phase;
    const width = 30;
    const share = total > 0 ? Math.min(1, done / total) : 0;
    const bar = total > 0 ? `[${'#'.repeat(Math.round(share * width)).padEnd(width, '.')}] ${(share * 100).toFixed(0).padStart(3)}%` : `${done}`;
    process.stderr.write(`\r\x1b[2K${phase.padEnd(10)} ${bar}`);
  }

  done(): void {
    if (!this.quiet && this.tty && this.lastPhase !== '') process.stderr.write('\r\x1b[2K');
  }
}
