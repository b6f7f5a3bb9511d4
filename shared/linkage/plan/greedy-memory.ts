/**
 * The greedy plan search's memory between rounds (hitting-set.ts): which members break
 * how many open combinations, and what killing each adds, forgotten only around the
 * tokens a round chooses.
 */
import type { CombinationConstraint } from './hitting-set.js';
import { stabbedBeyond, type TokenInterval } from './interval-stabbing.js';

/** Each member's occurrence list as a string, made once per list: the greedy search asks every round. */
const occurrenceKeys = new WeakMap<readonly TokenInterval[], string>();

/**
 * A member's occurrences as a string key. Common phrases occur hundreds of times in a long
 * judgment, and building the key for every member of every open combination each round
 * took 40 s a round on a 37,000-word text.
 */
function occurrenceKey(member: readonly TokenInterval[]): string {
  let key = occurrenceKeys.get(member);
  if (key === undefined) occurrenceKeys.set(member, (key = member.map((i) => `${i.first}-${i.last}`).join(',')));
  return key;
}

/**
 * What the greedy search remembers between its rounds, and what a round's new tokens make
 * it forget. Whether a member is killed, and what killing it one word per occurrence adds
 * (stabbedBeyond), depend on the chosen tokens only through which of the member's
 * occurrences they hit. So new tokens touch only the members with an occurrence around one
 * of them, and only the combinations with such a member can become broken. Scoring every
 * member again, counting each member's open combinations again and asking every open
 * combination each round were most of a 37,000-word text's plan (about 23 of 30 s).
 *
 * Members are numbered in the order they first appear among the open combinations, and a
 * tie between two scores goes to the member whose first open combination (then place in
 * it) comes first: the order in which the plain search met them each round.
 */
export class GreedyMemory {
  /** One member array per distinct member (by occurrenceKey): the same occurrences, the same kill. */
  readonly members: (readonly TokenInterval[])[] = [];
  /** Open combinations holding each member, once per place it holds: the score's numerator. */
  readonly breaks: number[] = [];
  /** Open combinations left. */
  openCount: number;
  /** Each member's places, as combination × width + place, ascending; `firstOpen` skips the closed. */
  private readonly places: number[][] = [];
  private readonly firstOpen: number[] = [];
  private readonly width: number;
  private readonly isOpen: Uint8Array;
  /** Each combination's members, by place. */
  private readonly membersOf: number[][];
  private readonly combinationsOf: number[][] = [];
  /** What killing a member one word per occurrence adds, until a token around it is chosen. */
  private readonly known: (number[] | undefined)[] = [];
  /** For each token, the members with an occurrence around it. */
  private readonly around = new Map<number, number[]>();

  constructor(private readonly combinations: readonly CombinationConstraint[]) {
    let width = 1;
    for (const combination of combinations) width = Math.max(width, combination.members.length);
    this.width = width;
    this.isOpen = new Uint8Array(combinations.length).fill(1);
    this.openCount = combinations.length;
    const numbers = new Map<string, number>();
    this.membersOf = combinations.map((combination, c) =>
      combination.members.map((member, place) => {
        const key = occurrenceKey(member);
        let number = numbers.get(key);
        if (number === undefined) {
          numbers.set(key, (number = this.members.length));
          this.members.push(member);
          this.breaks.push(0);
          this.places.push([]);
          this.firstOpen.push(0);
          this.combinationsOf.push([]);
          for (const interval of member) {
            for (let t = interval.first; t <= interval.last; t++) {
              const numbersAround = this.around.get(t);
              if (numbersAround === undefined) this.around.set(t, [number]);
              else numbersAround.push(number);
            }
          }
        }
        this.breaks[number]!++;
        this.places[number]!.push(c * this.width + place);
        const those = this.combinationsOf[number]!;
        if (those.at(-1) !== c) those.push(c);
        return number;
      }),
    );
  }

  /** Where member `number` first appears among the open combinations (for ties). */
  firstPlace(number: number): number {
    const places = this.places[number]!;
    let at = this.firstOpen[number]!;
    while (this.isOpen[Math.floor(places[at]! / this.width)] === 0) at++;
    this.firstOpen[number] = at;
    return places[at]!;
  }

  /** stabbedBeyond for member `number` killed one word per occurrence, remembered until a token around it is chosen. */
  added(number: number, sortedChosen: readonly number[], forbidden: ReadonlySet<number>): number[] {
    let added = this.known[number];
    if (added === undefined) this.known[number] = added = stabbedBeyond(this.members[number]!, sortedChosen, forbidden);
    return added;
  }

  /** New chosen tokens: forgets the members around them, and closes the open combinations they break. */
  chose(tokens: readonly number[], isBroken: (combination: CombinationConstraint) => boolean): void {
    const touched = new Set<number>();
    for (const token of tokens) {
      for (const number of this.around.get(token) ?? []) {
        this.known[number] = undefined;
        for (const c of this.combinationsOf[number]!) if (this.isOpen[c] === 1) touched.add(c);
      }
    }
    for (const c of touched) {
      if (!isBroken(this.combinations[c]!)) continue;
      this.isOpen[c] = 0;
      this.openCount--;
      for (const number of this.membersOf[c]!) this.breaks[number]!--;
    }
  }
}
